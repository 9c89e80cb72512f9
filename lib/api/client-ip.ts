import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";
import { env, type TrustProxy } from "@/lib/infra/env";
import type { HeaderReader } from "./api-call";

// The client's address. Without WEFT_TRUST_PROXY it is the socket's (set by server.mjs; a client's own copy of
// the header is overwritten there). Behind proxies, X-Forwarded-For is walked from the right past the trusted
// ones (a number of hops, or their addresses): the entries to the left of the first untrusted address are
// whatever the client sent, so the leftmost entry is never believed. proxy-addr (Express's) does the walk.

/** Set by server.mjs from the socket; any copy a client sends is removed there. */
export const CLIENT_IP_HEADER = "x-weft-client-ip";

const trustFunctions = new WeakMap<object, (addr: string, i: number) => boolean>();

function trustOf(trust: Exclude<TrustProxy, false>) {
  let fn = trustFunctions.get(trust);
  if (!fn) {
    const compiled = "hops" in trust ? undefined : proxyaddr.compile(trust.proxies);
    fn = compiled ?? ((_addr: string, i: number) => i < (trust as { hops: number }).hops);
    trustFunctions.set(trust, fn);
  }
  return fn;
}

/** An address in one spelling: IPv4-mapped IPv6 as IPv4, IPv6 compressed; anything else as given. */
function canonicalIp(ip: string): string {
  return ipaddr.isValid(ip) ? ipaddr.process(ip).toString() : ip;
}

export function clientIpOf(headers: HeaderReader, fallback = "unknown"): string {
  const socket = canonicalIp(headers.get(CLIENT_IP_HEADER) ?? fallback);
  const trust = env().WEFT_TRUST_PROXY;
  const forwarded = headers.get("x-forwarded-for");
  if (!trust || !forwarded) return socket;
  const request = { headers: { "x-forwarded-for": forwarded }, socket: { remoteAddress: socket } };
  const client = proxyaddr(request as unknown as IncomingMessage, trustOf(trust)).trim();
  // A trusted proxy that passed on junk: the nearest address known to be real is the socket's.
  return ipaddr.isValid(client) ? canonicalIp(client) : socket;
}

/**
 * What per-IP limits count: the address for IPv4, its /64 for IPv6 (one subscriber gets a whole /64, so
 * counting single IPv6 addresses would let one client pass any limit).
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  return addr.kind() === "ipv6"
    ? `${ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/64`).toString()}/64`
    : addr.toString();
}
