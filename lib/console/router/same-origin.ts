import { isJsonContentType } from "@/lib/api/content-type";
import { env, publicUrl } from "@/lib/infra/env";

// The console's router is authenticated by the session cookie, which the browser attaches to requests from any
// site: a request from another site is refused before anything runs. Stricter than Next's check on server
// actions (Origin against Host), and for every method:
// - `Sec-Fetch-Site` (every current browser sends it) must say same-origin (or none: typed in, a bookmark);
// - `Origin`, when sent, must be this console's: the request's Host (X-Forwarded-Host behind a trusted proxy) or
//   WEFT_PUBLIC_URL's host;
// - a POST (a mutation) must carry one of the two, and a JSON body: an HTML form cannot send application/json,
//   and a page's fetch() of it across sites needs a CORS preflight, which this route never grants.

export const CROSS_SITE = "Cross-site requests to the console are refused.";
export const JSON_REQUIRED = "Console mutations must be sent as application/json.";

export function crossSiteRefusal(req: Request): string | null {
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return CROSS_SITE;
  const origin = req.headers.get("origin");
  if (origin !== null && !isOwnOrigin(origin, req.headers)) return CROSS_SITE;
  if (req.method !== "POST") return null;
  if (site === null && origin === null) return CROSS_SITE;
  if (!isJsonContentType(req.headers.get("content-type"))) return JSON_REQUIRED;
  return null;
}

function isOwnOrigin(origin: string, headers: Headers): boolean {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const forwarded = env().WEFT_TRUST_PROXY ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return host === (forwarded || headers.get("host")) || host === publicUrl().host;
}
