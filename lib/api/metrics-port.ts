import http from "node:http";
import { env } from "@/lib/infra/env";
import { errorFields, log } from "@/lib/infra/log";
import { requestIdFrom } from "@/lib/infra/request-id.mjs";
import { metricsResponse } from "./metrics-endpoint";

// WEFT_METRICS_PORT: the metrics on a listener of their own, bound to 127.0.0.1, without a token. Only a client
// on this machine reaches it, and no reverse proxy forwards to it unless configured to, so unlike the main
// port it needs no guess about forwarded requests. GET /metrics (or /api/metrics); anything else 404 or 405.

const PATHS = new Set(["/metrics", "/api/metrics"]);

/** Start-up: the listener when WEFT_METRICS_PORT is set; a port that cannot be opened stops the server. */
export async function serveMetricsPortFromEnv(): Promise<void> {
  const port = env().WEFT_METRICS_PORT;
  if (port === undefined) return;
  try {
    await startMetricsPort(port);
    log.info("metrics served on a loopback port", { url: `http://127.0.0.1:${port}/metrics` });
  } catch (e) {
    console.error(`weft cannot start: WEFT_METRICS_PORT=${port}: ${(e as Error).message}`);
    process.exit(1);
  }
}

export function startMetricsPort(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (!PATHS.has(path)) return void res.writeHead(404).end();
    if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405, { allow: "GET" }).end();
    metricsResponse(requestIdFrom(req.headers["x-request-id"]))
      .then(async (reply) => {
        res.writeHead(reply.status, Object.fromEntries(reply.headers));
        res.end(req.method === "HEAD" ? undefined : Buffer.from(await reply.arrayBuffer()));
      })
      .catch((e: unknown) => {
        log.error("metrics scrape failed", errorFields(e));
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      // Never what keeps the process alive: shutdown ends with the main server.
      server.unref();
      resolve(server);
    });
  });
}
