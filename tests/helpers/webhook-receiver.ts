import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { Webhook } from "standardwebhooks";

// A local webhook receiver on 127.0.0.1. With secrets it verifies every request with the standardwebhooks
// package and answers 401 to a bad signature; `respond` decides the answer (status, delay, body). `down()` closes
// the port (connections are refused) and `up()` opens the same port again.

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
  at: number;
  /** Which of the given secrets verified the request. */
  verifiedWith: number[];
}

export interface ReceiverOptions {
  secrets?: string[];
  respond?: (req: {
    count: number;
    headers: IncomingHttpHeaders;
  }) => { status?: number; delayMs?: number; body?: string } | undefined;
}

export async function startReceiver(opts: ReceiverOptions = {}) {
  const received: Received[] = [];
  const rejected: { reason: string; at: number }[] = [];
  let secrets = opts.secrets ?? [];
  let respond = opts.respond;
  let count = 0;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (raw += c));
    req.on("end", async () => {
      count += 1;
      const plan = respond?.({ count, headers: req.headers }) ?? {};
      if (plan.delayMs) await new Promise((r) => setTimeout(r, plan.delayMs));
      const verifiedWith: number[] = [];
      secrets.forEach((secret, i) => {
        try {
          new Webhook(secret).verify(raw, req.headers as Record<string, string>);
          verifiedWith.push(i);
        } catch {
          // not signed with this one
        }
      });
      if (secrets.length && verifiedWith.length === 0) {
        rejected.push({ reason: "bad signature", at: Date.now() });
        res.writeHead(401).end("bad signature");
        return;
      }
      const status = plan.status ?? 200;
      if (status >= 200 && status < 300)
        received.push({ headers: req.headers, body: raw, json: JSON.parse(raw), at: Date.now(), verifiedWith });
      res
        .writeHead(status, { "content-type": "text/plain" })
        .end(plan.body ?? (status < 300 ? "ok" : `failing with ${status}`));
    });
  });
  const listen = (port = 0) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  await listen();
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    rejected,
    requests: () => count,
    setSecrets(next: string[]) {
      secrets = next;
    },
    setRespond(next: ReceiverOptions["respond"]) {
      respond = next;
    },
    down: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    up: () => listen(port),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
