// `npm start`: builds on first start (or when sources changed since the last build), then serves the
// console and the API. A custom server so that the client IP comes from the socket, not from a header the
// client controls, and so that slow clients are cut off (headers and request timeouts).
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { requestIdFrom } from "./lib/infra/request-id.mjs";
import { EnvError, serverEnv } from "./lib/infra/server-env.mjs";
import { buildApp, buildState } from "./scripts/build-state.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));
process.chdir(root);

let config;
try {
  config = serverEnv();
} catch (e) {
  if (!(e instanceof EnvError)) throw e;
  console.error(`weft cannot start: ${e.message}`);
  process.exit(1);
}

if (!config.WEFT_SKIP_BUILD && buildState(root) !== "fresh") {
  console.log("weft: building (first start or sources changed) ...");
  const status = buildApp(root);
  if (status !== 0) process.exit(status);
}

const { PORT: port, HOSTNAME: hostname } = config;
// next-auth reads its base URL from here; weft's own setting is WEFT_PUBLIC_URL.
process.env.NEXTAUTH_URL ??= config.WEFT_PUBLIC_URL ?? `http://localhost:${port}`;

// What this file and start-up inside Next share: the `server` slot of globalThis.__weft, typed and documented
// as ServerHandle in lib/server/server-handle.ts. Signals are handled here (see shutdown below), not by start-up.
/** @type {import("./lib/server/server-handle").ServerHandle} */
const weft = ((globalThis.__weft ??= {}).server ??= {});
weft.ownsSignals = true;
let stopping = false;
let stopNow = (/** @type {string} */ signal) => {
  // A signal before the server is up: nothing to drain.
  console.log(`weft: ${signal} during start-up; exiting`);
  process.exit(0);
};
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stopNow(signal));

const { default: next } = await import("next");
const app = next({ dev: false, dir: root, hostname: hostname ?? "localhost", port });
await app.prepare();
// Instrumentation (configuration, database, migrations) runs in this process; Next does not always wait for
// it before prepare() resolves, so the port opens only once weft is ready. A failed start-up exits itself.
while (!weft.ready) await new Promise((r) => setTimeout(r, 50));
const handle = app.getRequestHandler();

// Slow clients: a client must send its headers within WEFT_HEADERS_TIMEOUT_MS (15 s) and the whole request
// within 60 s, or the server answers 408 and closes. Node checks those deadlines every
// connectionsCheckingInterval (30 s by default), so a slow client could hold its socket far longer.
const headersTimeout = config.WEFT_HEADERS_TIMEOUT_MS;
let inFlight = 0;
/** @type {(() => void) | undefined} */
let onIdle;
const server = http.createServer({ connectionsCheckingInterval: Math.min(1_000, headersTimeout) }, (req, res) => {
  inFlight++;
  res.once("close", () => {
    if (--inFlight === 0) onIdle?.();
  });
  // While stopping, every reply closes its connection so that keep-alive clients come back to a new server.
  if (stopping) res.setHeader("connection", "close");
  const ip = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
  req.headers["x-weft-client-ip"] = ip;
  const requestId = requestIdFrom(req.headers["x-request-id"]);
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  // Every reply (API, console, static files) is read as the type it declares, never sniffed.
  res.setHeader("x-content-type-options", "nosniff");
  // API calls go straight to the dispatcher (lib/api/node-handler.ts); the rest, and the API before start-up
  // has exposed it, through Next.
  const api = weft.api;
  if (api?.handles(req.method, req.url)) api.serve(req, res);
  else handle(req, res);
});
// Live collaboration: WebSocket upgrades on /live go to the Hocuspocus instance that start-up created
// (lib/live/live-server.ts); any other path gets a 404 and is closed, never left hanging.
server.on("upgrade", (req, socket, head) => {
  const live = weft.live;
  if (!live || stopping) {
    socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    return;
  }
  live.handleUpgrade(req, socket, head);
});
server.headersTimeout = headersTimeout;
server.requestTimeout = 60_000;
server.keepAliveTimeout = 5_000;
server.listen(port, hostname, () => {
  console.log(`weft: console and API on http://${hostname ?? "localhost"}:${port}`);
});

// Clean shutdown (docs/operations/shutdown.md): stop accepting, close live sockets with a close frame,
// finish in-flight requests and jobs within WEFT_SHUTDOWN_GRACE_MS, release the jobs still running, close
// the database (embedded: its PostgreSQL server stopped, which checkpoints; server.json removed) and exit 0.
// A second signal exits at once.
stopNow = (signal) => {
  if (stopping) {
    console.log(`weft: second ${signal}; exiting now`);
    process.exit(1);
  }
  stopping = true;
  void shutdown(signal);
};

async function shutdown(/** @type {string} */ signal) {
  const grace = config.WEFT_SHUTDOWN_GRACE_MS;
  const deadline = Date.now() + grace;
  console.log(`weft: ${signal}: stopping (up to ${grace} ms for requests and jobs in flight)`);
  server.close();
  server.closeIdleConnections();
  const drained = new Promise((resolve) => {
    if (inFlight === 0) resolve(undefined);
    onIdle = () => resolve(undefined);
    setTimeout(resolve, Math.max(0, deadline - Date.now())).unref();
  }).then(() => {
    if (inFlight > 0) console.log(`weft: ${inFlight} request(s) still open after the grace period; closing them`);
    server.closeAllConnections();
  });
  let code = 0;
  try {
    await weft.stop?.({ deadline, drained });
    await drained;
  } catch (e) {
    console.error("weft: stopping failed:", e);
    code = 1;
  }
  console.log("weft: stopped");
  process.exit(code);
}
