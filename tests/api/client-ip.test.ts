import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { env, reloadEnvForTests } from "@/lib/infra/env";
import { call, uniqueEmail, useTestDatabase } from "../helpers/api";
import { useEnvOverrides } from "../helpers/env";

// M3: behind a reverse proxy the client's address is read from the right of X-Forwarded-For, past the proxies
// weft is told to trust (a number of hops, or their addresses), so a client cannot forge its address by
// sending the header itself: per-IP limits and the createdIp shown as squatting evidence hold. IPv6 clients
// count per /64, the block one subscriber gets.

useTestDatabase();

const setEnv = useEnvOverrides();

/** Send Login Link as a proxy at `socket` forwards it with `forwarded` in X-Forwarded-For. */
const loginLink = (socket: string, forwarded?: string) =>
  call(
    "/v2/workspace/email/send-login-link",
    { email: uniqueEmail(), continueUrl: "http://localhost/" },
    { ip: socket, headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded } },
  );

describe("the client address behind a proxy", () => {
  it("with one trusted hop, is the address the proxy appended: a forged leftmost entry changes nothing", async () => {
    setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK: "1/3600", WEFT_TRUST_PROXY: "1" });
    // The client sent "X-Forwarded-For: 6.6.6.6"; nginx appended the address it saw.
    expect((await loginLink("127.0.0.1", "6.6.6.6, 192.0.2.60")).status).toBe(200);
    expect((await loginLink("127.0.0.1", "7.7.7.7, 192.0.2.60")).status).toBe(429);
    expect((await loginLink("127.0.0.1", "192.0.2.60")).status).toBe(429);
    expect((await loginLink("127.0.0.1", "192.0.2.61")).status).toBe(200);
  });

  it("WEFT_TRUST_PROXY=true means one hop", async () => {
    setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK: "1/3600", WEFT_TRUST_PROXY: "true" });
    expect((await loginLink("127.0.0.1", "6.6.6.6, 192.0.2.62")).status).toBe(200);
    expect((await loginLink("127.0.0.1", "8.8.8.8, 192.0.2.62")).status).toBe(429);
  });

  it("with two hops (a CDN, then nginx), skips both", async () => {
    setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK: "1/3600", WEFT_TRUST_PROXY: "2" });
    expect((await loginLink("127.0.0.1", "6.6.6.6, 192.0.2.63, 198.51.100.9")).status).toBe(200);
    expect((await loginLink("127.0.0.1", "192.0.2.63, 198.51.100.10")).status).toBe(429);
  });

  it("with trusted addresses, walks from the right past them; a socket that is not a trusted proxy is the client", async () => {
    setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK: "1/3600", WEFT_TRUST_PROXY: "loopback, 10.0.0.0/8" });
    expect((await loginLink("127.0.0.1", "6.6.6.6, 192.0.2.64, 10.1.2.3")).status).toBe(200);
    expect((await loginLink("10.9.9.9", "192.0.2.64")).status).toBe(429);
    // A client connecting directly cannot name another address.
    expect((await loginLink("192.0.2.65", "192.0.2.66")).status).toBe(200);
    expect((await loginLink("192.0.2.65", "192.0.2.67")).status).toBe(429);
    expect((await loginLink("127.0.0.1", "192.0.2.67")).status).toBe(200);
  });

  it("records the real address as the workspace's createdIp", async () => {
    setEnv({ WEFT_TRUST_PROXY: "1" });
    const email = uniqueEmail("m3");
    const res = await call(
      "/v2/workspace/create",
      { ownerEmail: email },
      { ip: "127.0.0.1", headers: { "x-forwarded-for": "6.6.6.6, 192.0.2.68" } },
    );
    expect(res.status).toBe(200);
    const ws = await db().workspace.findFirstOrThrow({ where: { ownerEmail: email }, select: { createdIp: true } });
    expect(ws.createdIp).toBe("192.0.2.68");
  });

  it("refuses a setting that is no hop count nor list of addresses, naming it", async () => {
    for (const bad of ["10.0.0.0/99", "-1", "proxy.example.com"]) {
      process.env.WEFT_TRUST_PROXY = bad;
      reloadEnvForTests();
      expect(() => env()).toThrow(/WEFT_TRUST_PROXY/);
    }
  });
});

describe("per-IP limits for IPv6 clients", () => {
  it("count per /64: another address of the same block shares the limit, another block does not", async () => {
    setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK: "1/3600" });
    expect((await loginLink("2001:db8:1:2::1")).status).toBe(200);
    expect((await loginLink("2001:db8:1:2:ffff:eeee:dddd:9")).status).toBe(429);
    expect((await loginLink("2001:db8:1:3::1")).status).toBe(200);
    // IPv4 (also written IPv4-mapped) counts per address.
    expect((await loginLink("192.0.2.69")).status).toBe(200);
    expect((await loginLink("::ffff:192.0.2.69")).status).toBe(429);
    expect((await loginLink("192.0.2.70")).status).toBe(200);
  });
});
