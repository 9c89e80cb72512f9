import "server-only";
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "./options";
import { overLoginLinkLimit } from "./sign-in-limits";

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
