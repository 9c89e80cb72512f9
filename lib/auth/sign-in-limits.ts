import type { NextRequest } from "next/server";
import { clientIpOf, clientNetwork } from "@/lib/api/client-ip";
import { admitLoginLinkRecipient } from "@/lib/domain/login/login-link";
import { normalizeEmail } from "@/lib/domain/fields";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { hitRateLimit } from "@/lib/infra/rate-limit";
import type { LoginErrorCode } from "./messages";
import { loginErrorUrl } from "./rules";

// The console's sign-in form sends the same mail as Send Login Link, so it counts against the same limits,
// shared across instances through the database: per client address (WEFT_RATE_LIMIT_LOGIN_LINK, bucket
// `login-link:<ip>`) and per recipient (WEFT_RATE_LIMIT_LOGIN_LINK_RECIPIENT, login-link.ts).

/** The answer to a sign-in request over a limit, or null to let next-auth send the link. */
export async function overLoginLinkLimit(req: NextRequest): Promise<Response | null> {
  const form = await formOf(req);
  const ip = clientIpOf(req.headers);
  let refused: LoginErrorCode | undefined;
  if (!(await hitRateLimit(`login-link:${clientNetwork(ip)}`, env().WEFT_RATE_LIMIT_LOGIN_LINK))) {
    refused = "RateLimited";
  } else if (form.email && !(await admitLoginLinkRecipient(normalizeEmail(form.email)))) {
    refused = "RecipientLimited";
  }
  if (!refused) return null;
  log.warn("auth: sign-in link rate limited", { ip, limit: refused });
  const url = loginErrorUrl(refused);
  // next-auth's client posts `json=true` and reads `{ url }`; a plain form post follows a redirect.
  if (form.json === "true") return Response.json({ url }, { status: 429 });
  return new Response(null, { status: 302, headers: { location: url } });
}

/** The fields of next-auth's sign-in post (JSON or a form), read from a copy of the request. */
async function formOf(req: NextRequest): Promise<{ email?: string; json?: string }> {
  const text = await req
    .clone()
    .text()
    .catch(() => "");
  if (req.headers.get("content-type")?.includes("application/json")) {
    try {
      const body = JSON.parse(text) as { email?: unknown; json?: unknown };
      return {
        email: typeof body.email === "string" ? body.email : undefined,
        json: body.json === undefined ? undefined : String(body.json),
      };
    } catch {
      return {};
    }
  }
  const params = new URLSearchParams(text);
  return { email: params.get("email") ?? undefined, json: params.get("json") ?? undefined };
}
