import { BlockList, isIP } from "node:net";
import { lookup } from "node:dns";
import { env } from "../env";

// Webhook receivers must be public: private, loopback, link-local, shared, multicast and reserved
// addresses are refused after DNS resolution, at send time, unless WEFT_ALLOW_PRIVATE_URLS=true. The
// connection then goes to the address that was checked, so a DNS answer cannot change in between.

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["2001:db8::", 32],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

export class RefusedAddressError extends Error {}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]);
    return !blocked.check(address, "ipv6");
  }
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
