import { NextResponse, type NextRequest } from "next/server";
import { consoleSecurityHeaders, newNonce } from "@/lib/console/security-headers";

// Console pages only (see `config.matcher`): a per-request CSP nonce and the anti-framing headers. The request
// carries the policy too, which is where Next finds the nonce for its scripts while rendering.
export function proxy(request: NextRequest) {
  const headers = consoleSecurityHeaders(newNonce(), process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", headers["content-security-policy"]);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    // Everything except the REST API (/v1, /v2), the route handlers (/api) and static assets.
    {
      source: "/((?!v1/|v1$|v2/|v2$|api/|api$|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
