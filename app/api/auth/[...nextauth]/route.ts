import { handleAuth } from "@/lib/auth/route-handler";

// next-auth (v4): sign-in by email link, callback, session, CSRF, sign-out. Options: lib/auth/options.ts.
export const dynamic = "force-dynamic";

export const GET = handleAuth;
export const POST = handleAuth;
