import { env } from "@/lib/infra/env";
import type { HeaderReader } from "./api-call";

/** Set by server.mjs from the socket; any copy a client sends is removed there. */
export const CLIENT_IP_HEADER = "x-weft-client-ip";

export function clientIpOf(headers: HeaderReader, fallback = "unknown"): string {
  if (env().WEFT_TRUST_PROXY) {
    const first = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return first;
  }
  return headers.get(CLIENT_IP_HEADER) ?? fallback;
}
