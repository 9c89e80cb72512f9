import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnvForTests } from "../env";
import { postWebhook } from "./post-webhook";
import { BLOCKED_IPV4, BLOCKED_IPV6, checkLiteralHost, isPublicAddress } from "./url-guard";

// One address inside each special-purpose range (first and last of the range too), and public neighbours.

function lastIpv4(net: string, prefix: number): string {
  const n = net.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
  const last = n + 2 ** (32 - prefix) - 1;
  return [24, 16, 8, 0].map((shift) => Math.floor(last / 2 ** shift) % 256).join(".");
}

describe("url guard: IPv4 special-purpose ranges", () => {
  it.each(BLOCKED_IPV4.map(([net, prefix]) => [`${net}/${prefix}`, net, prefix] as const))(
    "refuses %s",
    (_name, net, prefix) => {
      expect(isPublicAddress(net)).toBe(false);
      expect(isPublicAddress(lastIpv4(net, prefix))).toBe(false);
      expect(() => checkLiteralHost(lastIpv4(net, prefix))).toThrow(/^refused: /);
    },
  );

  it.each([
    ["192.31.196.1"],
    ["192.52.193.1"],
    ["192.88.99.1"],
    ["192.175.48.1"],
    ["255.255.255.255"],
    ["198.19.255.255"],
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it("lets public addresses through", () => {
    for (const a of ["8.8.8.8", "1.1.1.1", "100.128.0.1", "172.32.0.1", "192.0.3.1", "198.20.0.1", "223.255.255.254"]) {
      expect(isPublicAddress(a)).toBe(true);
    }
  });
});

describe("url guard: IPv6 special-purpose ranges", () => {
  it.each([
    ["::/128 unspecified", "::"],
    ["::1/128 loopback", "::1"],
    ["::/96 IPv4-compatible", "::7f00:1"],
    ["::/96 IPv4-compatible (public IPv4 inside)", "::808:808"],
    ["::ffff:0:0/96 IPv4-mapped loopback", "::ffff:7f00:1"],
    ["::ffff:0:0/96 IPv4-mapped private, dotted", "::ffff:10.0.0.1"],
    ["::ffff:0:0:0/96 IPv4-translated", "::ffff:0:a00:1"],
    ["64:ff9b::/96 NAT64", "64:ff9b::a00:1"],
    ["64:ff9b:1::/48 NAT64 local use", "64:ff9b:1::a00:1"],
    ["64:ff9b:1::/48 NAT64 local use, last", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"],
    ["100::/64 discard-only", "100::1"],
    ["100:0:0:1::/64 dummy prefix", "100:0:0:1::1"],
    ["2001::/23 IETF protocol assignments", "2001:1ff:ffff::1"],
    ["2001::/32 Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
    ["2001:2::/48 benchmarking", "2001:2::1"],
    ["2001:10::/28 ORCHID", "2001:10::1"],
    ["2001:20::/28 ORCHIDv2", "2001:20::1"],
    ["2001:db8::/32 documentation", "2001:db8:ffff::1"],
    ["2002::/16 6to4", "2002:c0a8:101::1"],
    ["2620:4f:8000::/48 AS112", "2620:4f:8000::1"],
    ["3fff::/20 documentation", "3fff:fff::1"],
    ["5f00::/16 SRv6 SIDs", "5f00::1"],
    ["fc00::/7 unique local", "fdff:ffff::1"],
    ["fe80::/10 link-local", "febf::1"],
    ["fec0::/10 site-local", "fec0::1"],
    ["fec0::/10 site-local, last", "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
    ["ff00::/8 multicast", "ff02::1"],
  ])("refuses %s (%s)", (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(() => checkLiteralHost(`[${address}]`)).toThrow(/^refused: /);
  });

  it("covers every listed prefix with a test address", () => {
    expect(BLOCKED_IPV6.map(([net, prefix]) => `${net}/${prefix}`)).toEqual([
      "::/96",
      "::ffff:0:0:0/96",
      "64:ff9b::/96",
      "64:ff9b:1::/48",
      "100::/64",
      "100:0:0:1::/64",
      "2001::/23",
      "2001:db8::/32",
      "2002::/16",
      "2620:4f:8000::/48",
      "3fff::/20",
      "5f00::/16",
      "fc00::/7",
      "fe80::/10",
      "fec0::/10",
      "ff00::/8",
    ]);
  });

  it("lets public addresses through", () => {
    for (const a of ["2606:4700:4700::1111", "2001:4860:4860::8888", "2001:200::1", "2003::1", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(a)).toBe(true);
    }
  });

  it("refuses a URL host written in any IPv6 spelling of a private address", () => {
    for (const url of ["http://[::ffff:127.0.0.1]/", "http://[0:0:0:0:0:ffff:7f00:1]/", "http://[::127.0.0.1]/"]) {
      expect(() => checkLiteralHost(new URL(url).hostname)).toThrow(/^refused: /);
    }
  });
});

describe("url guard: redirect hops", () => {
  // The receiver is on 127.0.0.1, so private targets are allowed for the first hop; a redirect is never
  // followed, so no hop can reach an address the guard did not check.
  let inner: http.Server;
  let innerHits = 0;
  let outer: http.Server;
  let outerUrl = "";

  beforeAll(async () => {
    process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
    reloadEnvForTests();
    inner = http.createServer((_req, res) => {
      innerHits++;
      res.end("{}");
    });
    await new Promise<void>((r) => inner.listen(0, "127.0.0.1", r));
    const innerPort = (inner.address() as AddressInfo).port;
    outer = http.createServer((req, res) => {
      const hop = Number(new URL(req.url ?? "/", "http://x").searchParams.get("hop") ?? 0);
      const location = hop === 0 ? `http://127.0.0.1:${innerPort}/admin` : `http://[::1]:${innerPort}/admin`;
      res.writeHead(hop === 0 ? 302 : 307, { location }).end();
    });
    await new Promise<void>((r) => outer.listen(0, "127.0.0.1", r));
    outerUrl = `http://127.0.0.1:${(outer.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    delete process.env.WEFT_ALLOW_PRIVATE_URLS;
    reloadEnvForTests();
    await new Promise((r) => inner.close(r));
    await new Promise((r) => outer.close(r));
  });

  it.each([
    ["302 to an IPv4 loopback target", 0, 302],
    ["307 to an IPv6 loopback target", 1, 307],
  ])("does not follow a %s: the attempt fails with the redirect status", async (_name, hop, status) => {
    const outcome = await postWebhook(`${outerUrl}?hop=${hop}`, "{}", {});
    expect(outcome).toMatchObject({ ok: false, statusCode: status });
    expect(innerHits).toBe(0);
  });
});
