import { isDisposableEmail } from "disposable-email-domains-js";
import { publicUrl } from "@/lib/infra/env";
import type { LoginErrorCode } from "./messages";

// Small rules the console's sign-in shares with the Send Login Link endpoint.

export function isDisposableAddress(address: string): boolean {
  return isDisposableEmail(address);
}

/** An absolute URL of the landing page showing `code`: next-auth's client reads `error` from it. */
export function loginErrorUrl(code: LoginErrorCode): string {
  return new URL(`/?error=${encodeURIComponent(code)}`, publicUrl()).toString();
}

/**
 * Where next-auth may send the browser after signing in or out. Relative paths and the console's own
 * origin, as next-auth allows by default, plus what Send Login Link accepts as `continueUrl`: an http(s)
 * URL on `localhost` or on WEFT_PUBLIC_URL's host. Anything else lands on the console.
 */
export function redirectTarget(url: string, baseUrl: string): string {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return `${baseUrl}${url}`;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return baseUrl;
  }
  if (target.origin === new URL(baseUrl).origin) return target.toString();
  const allowedHost = target.hostname === "localhost" || target.hostname === publicUrl().hostname;
  if ((target.protocol === "http:" || target.protocol === "https:") && allowedHost) return target.toString();
  return baseUrl;
}
