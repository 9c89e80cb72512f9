import { BlockList, isIP } from "node:net";
import { lookup } from "node:dns";
import { env } from "../env";

// Webhook receivers must be public: every range of the IANA IPv4 and IPv6 Special-Purpose Address Registries
// (loopback, private, shared, link-local, documentation, benchmarking, translation and tunnelling prefixes,
// reserved), plus multicast and the deprecated site-local and IPv4-compatible prefixes, is refused after DNS
// resolution, at send time, unless WEFT_ALLOW_PRIVATE_URLS=true. The connection then goes to the address
// that was checked, so a DNS answer cannot change in between. Tunnelling and translation prefixes (6to4,
// Teredo, NAT64) are refused whole: they embed an IPv4 address that could be private. IPv4-mapped IPv6
// addresses (::ffff:a.b.c.d) are checked against the IPv4 ranges (net.BlockList does that itself).

export const BLOCKED_IPV4: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (CGNAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, ...)
  ["192.0.2.0", 24], // documentation TEST-NET-1
  ["192.31.196.0", 24], // AS112-v4
  ["192.52.193.0", 24], // AMT
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["192.175.48.0", 24], // direct delegation AS112
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation TEST-NET-2
  ["203.0.113.0", 24], // documentation TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, including 255.255.255.255 (limited broadcast)
];

export const BLOCKED_IPV6: readonly (readonly [string, number])[] = [
  ["::", 96], // unspecified, loopback and deprecated IPv4-compatible addresses (::/128, ::1/128, ::a.b.c.d)
  ["::ffff:0:0:0", 96], // IPv4-translated (SIIT)
  ["64:ff9b::", 96], // NAT64 well-known prefix
  ["64:ff9b:1::", 48], // NAT64 local-use prefix
  ["100::", 64], // discard-only
  ["100:0:0:1::", 64], // dummy prefix
  ["2001::", 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT, AS112, DETs
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["2620:4f:8000::", 48], // direct delegation AS112
  ["3fff::", 20], // documentation
  ["5f00::", 16], // segment routing (SRv6) SIDs
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // deprecated site-local
  ["ff00::", 8], // multicast
];

const blocked = new BlockList();
for (const [net, prefix] of BLOCKED_IPV4) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of BLOCKED_IPV6) blocked.addSubnet(net, prefix, "ipv6");

export class RefusedAddressError extends Error {}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family === 6) return !blocked.check(address, "ipv6");
  return false;
}

const allowPrivate = () => env().WEFT_ALLOW_PRIVATE_URLS;

/** Throws when a literal IP host is not allowed (literal hosts skip DNS, so `guardedLookup` never sees them). */
export function checkLiteralHost(hostname: string) {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !allowPrivate() && !isPublicAddress(host)) {
    throw new RefusedAddressError(`refused: ${host} is a private, loopback or link-local address`);
  }
}

/** A `lookup` for node:http that resolves, then refuses non-public answers. */
export const guardedLookup: typeof lookup = ((
  hostname: string,
  options: object,
  callback: (...args: unknown[]) => void,
) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err);
    const list = addresses as { address: string; family: number }[];
    const refused = allowPrivate() ? undefined : list.find((a) => !isPublicAddress(a.address));
    if (refused)
      return callback(
        new RefusedAddressError(
          `refused: ${hostname} resolves to ${refused.address}, a private, loopback or link-local address`,
        ),
      );
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}) as typeof lookup;
