import http from "node:http";
import type { AddressInfo } from "node:net";
import { dispatch } from "@/lib/api/dispatch";
import { answerMetrics } from "@/lib/api/metrics-endpoint";
import { serveMetricsPortFromEnv } from "@/lib/api/metrics-port";
import { CLIENT_IP_HEADER } from "@/lib/api/client-ip";
import { startWeft } from "@/lib/server/start-weft";
import { liveHandle } from "@/lib/live/live-handle";

// See api-server.mjs. (No top-level await: tsx loads this file as CommonJS.)
async function main() {
  const started = await startWeft({ role: "server" });
  await serveMetricsPortFromEnv();
  const server = http.createServer(async (req, res) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const clientIp = (req.socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, "");
    const url = `http://localhost${req.url}`;
    let reply: Response;
    if (req.method === "GET" && req.url === "/api/metrics") {
      headers.set(CLIENT_IP_HEADER, clientIp);
      reply = await answerMetrics(new Request(url, { headers }));
    } else {
      // The dispatcher reads the body from `req`, under the cap, as for server.mjs (lib/api/read-body.ts).
      reply = await dispatch(new Request(url, { method: req.method, headers }), { clientIp, body: req });
    }
    res.writeHead(reply.status, Object.fromEntries(reply.headers));
    res.end(Buffer.from(await reply.arrayBuffer()));
    if (!req.complete) req.resume();
  });
  server.on("upgrade", (req, socket, head) => liveHandle()!.handleUpgrade(req, socket, head));
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
  });
  const stop = async () => {
    server.close();
    await started.stop();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
