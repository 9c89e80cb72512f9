import { constantTimeEqual } from "@/lib/infra/crypto";
import { env } from "@/lib/infra/env";
import { metrics } from "@/lib/infra/metrics/registry";
import { requestIdFrom } from "@/lib/infra/request-id.mjs";
import { CLIENT_IP_HEADER } from "./client-ip";
import { errorResponse } from "./envelope";

// GET /api/metrics: the Prometheus text exposition of this process (a weft extension, outside the REST
// contract). With WEFT_METRICS_TOKEN set, only `Authorization: Bearer <token>` reads it. Without, only a client
// on this machine does: the socket address (set by server.mjs, never by the client) is loopback, and so is every
// address X-Forwarded-For names, since a reverse proxy on the same host connects from loopback too. Next adds
// X-Forwarded-For (the socket address) when the request has none; proxies' X-Real-IP, Forwarded or Via headers
// mark a forwarded request.

const LOOPBACK = new Set(["127.0.0.1", "::1"]);
const PROXY_HEADERS = ["x-real-ip", "forwarded", "via"];

function isLocal(headers: Headers): boolean {
  if (!LOOPBACK.has(headers.get(CLIENT_IP_HEADER) ?? "")) return false;
  if (PROXY_HEADERS.some((h) => headers.has(h))) return false;
  const hops = headers.get("x-forwarded-for")?.split(",") ?? [];
  return hops.every((hop) => LOOPBACK.has(hop.trim().replace(/^::ffff:/, "")));
}

function refusal(headers: Headers, requestId: string): Response | undefined {
  const token = env().WEFT_METRICS_TOKEN;
  if (token) {
    const given = /^Bearer (\S+)$/i.exec(headers.get("authorization") ?? "")?.[1];
    if (given && constantTimeEqual(given, token)) return undefined;
    return errorResponse("UNAUTHENTICATED", "Metrics need Authorization: Bearer <WEFT_METRICS_TOKEN>.", requestId, {
      headers: { "www-authenticate": 'Bearer realm="weft metrics"' },
    });
  }
  if (isLocal(headers)) return undefined;
  return errorResponse(
    "PERMISSION_DENIED",
    "Metrics are served to this machine only; set WEFT_METRICS_TOKEN to scrape them from elsewhere.",
    requestId,
  );
}

export async function answerMetrics(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers.get("x-request-id"));
  const refused = refusal(request.headers, requestId);
  if (refused) return refused;
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store", "x-request-id": requestId },
  });
}
