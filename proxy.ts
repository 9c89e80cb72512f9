import { NextResponse, type NextRequest } from "next/server";
import { consoleSecurityHeaders, newNonce, PAGE_PATH_HEADER } from "@/lib/console/security-headers";

// Console pages only (see `config.matcher`): a per-request CSP nonce and the anti-framing headers. The request
// carries the policy too, which is where Next finds the nonce for its scripts while rendering, and the page's
// path (PAGE_PATH_HEADER), where a signed-out visitor is sent back to after signing in.
export function proxy(request: NextRequest) {
  const headers = consoleSecurityHeaders(newNonce(), process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", headers["content-security-policy"]);
  requestHeaders.set(PAGE_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
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
