import { constantTimeEqual } from "@/lib/infra/crypto";
import { env } from "@/lib/infra/env";
import { metrics } from "@/lib/infra/metrics/registry";
import { requestIdFrom } from "@/lib/infra/request-id.mjs";
import { errorResponse } from "./envelope";

// GET /api/metrics on the main port: the Prometheus text exposition of this process (a weft extension, outside
// the REST contract), only to `Authorization: Bearer <WEFT_METRICS_TOKEN>`. Without a token nobody reads it
// there, loopback included: a reverse proxy on this host connects from loopback too, and whether it says so
// (X-Forwarded-For) is up to its configuration. Scrapers on this machine use WEFT_METRICS_PORT instead, a
// listener on 127.0.0.1 that no proxy forwards to unless told to (metrics-port.ts).

function refusal(headers: Headers, requestId: string): Response | undefined {
  const token = env().WEFT_METRICS_TOKEN;
  if (!token) {
    return errorResponse(
      "PERMISSION_DENIED",
      "Metrics need WEFT_METRICS_TOKEN on this port; or set WEFT_METRICS_PORT to serve them on a loopback port.",
      requestId,
    );
  }
  const given = /^Bearer (\S+)$/i.exec(headers.get("authorization") ?? "")?.[1];
  if (given && constantTimeEqual(given, token)) return undefined;
  return errorResponse("UNAUTHENTICATED", "Metrics need Authorization: Bearer <WEFT_METRICS_TOKEN>.", requestId, {
    headers: { "www-authenticate": 'Bearer realm="weft metrics"' },
  });
}

/** The exposition itself, to a caller already allowed to read it. */
export async function metricsResponse(requestId: string): Promise<Response> {
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store", "x-request-id": requestId },
  });
}

export async function answerMetrics(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers.get("x-request-id"));
  return refusal(request.headers, requestId) ?? metricsResponse(requestId);
}
