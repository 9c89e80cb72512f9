import "server-only";
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { clientIpOf, clientNetwork } from "@/lib/api/client-ip";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { hitRateLimit } from "@/lib/infra/rate-limit";
import { authOptions } from "./options";
import { loginErrorUrl } from "./rules";

export interface AuthRouteContext {
  params: Promise<{ nextauth: string[] }>;
}

/** `/api/auth/*`: next-auth, with options built for this request (see options.ts). */
export async function handleAuth(req: NextRequest, ctx: AuthRouteContext): Promise<Response> {
  if (req.method === "POST") {
    const { nextauth } = await ctx.params;
    if (nextauth?.[0] === "signin" && nextauth[1] === "email") {
      const refused = await overLoginLinkLimit(req);
      if (refused) return refused;
    }
  }
  return NextAuth(authOptions())(req, ctx);
}

/**
 * The sign-in form sends the same mail as Send Login Link, so it counts against the same per-IP limit
 * (WEFT_RATE_LIMIT_LOGIN_LINK, bucket `login-link:<ip>`), shared across instances through the database.
 */
async function overLoginLinkLimit(req: NextRequest): Promise<Response | null> {
  const ip = clientIpOf(req.headers);
  if (await hitRateLimit(`login-link:${clientNetwork(ip)}`, env().WEFT_RATE_LIMIT_LOGIN_LINK)) return null;
  log.warn("auth: sign-in link rate limited", { ip });
  const url = loginErrorUrl("RateLimited");
  // next-auth's client posts `json=true` and reads `{ url }`; a plain form post follows a redirect.
  if (await wantsJson(req)) return Response.json({ url }, { status: 429 });
  return new Response(null, { status: 302, headers: { location: url } });
}

async function wantsJson(req: NextRequest): Promise<boolean> {
  const text = await req
    .clone()
    .text()
    .catch(() => "");
  if (req.headers.get("content-type")?.includes("application/json")) {
    try {
      return String((JSON.parse(text) as { json?: unknown }).json) === "true";
    } catch {
      return false;
    }
  }
  return new URLSearchParams(text).get("json") === "true";
}
