import http from "node:http";
import type { AddressInfo } from "node:net";
import { callOfNodeRequest, type ApiReply } from "@/lib/api/api-call";
import { dispatchCall } from "@/lib/api/dispatch";
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
    const clientIp = (req.socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, "");
    let reply: ApiReply;
    if (req.method === "GET" && req.url === "/api/metrics") {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      headers.set(CLIENT_IP_HEADER, clientIp);
      const response = await answerMetrics(new Request(`http://localhost${req.url}`, { headers }));
      reply = { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
    } else {
      // The dispatcher reads the body from `req`, under the cap, as for server.mjs (lib/api/node-handler.ts).
      reply = await dispatchCall(callOfNodeRequest(req), { clientIp });
    }
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
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
