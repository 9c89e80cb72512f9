// `npm start`: builds on first start (or when sources changed since the last build), then serves the
// console and the API. A custom server so that the client IP comes from the socket, not from a header the
// client controls, and so that slow clients are cut off (headers and request timeouts).
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
process.chdir(root);

const WATCHED = ["app", "components", "lib", "prisma/schema", "instrumentation.ts", "instrumentation-node.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === "generated" || entry === "node_modules") continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function needsBuild() {
  const marker = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return WATCHED.some((p) => newestMtime(path.join(root, p)) > built);
}

if (process.env.WEFT_SKIP_BUILD !== "true" && needsBuild()) {
  console.log("weft: building (first start or sources changed) ...");
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;
// next-auth reads its base URL from here; weft's own setting is WEFT_PUBLIC_URL.
process.env.NEXTAUTH_URL ??= process.env.WEFT_PUBLIC_URL || `http://localhost:${port}`;

const { default: next } = await import("next");
const app = next({ dev: false, dir: root, hostname: hostname ?? "localhost", port });
await app.prepare(); // runs instrumentation: configuration, database, migrations
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  const ip = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
  req.headers["x-weft-client-ip"] = ip;
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  handle(req, res);
});
server.headersTimeout = 15_000;
server.requestTimeout = 60_000;
server.keepAliveTimeout = 5_000;
server.listen(port, hostname, () => {
  console.log(`weft: console and API on http://${hostname ?? "localhost"}:${port}`);
});
