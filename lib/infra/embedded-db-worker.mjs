import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { servePglite } from "./pglite-server.mjs";

// The embedded database's thread: PGlite and its socket server run here, so queries are served by the second
// core instead of waiting behind the request thread's rendering and JSON work. embedded-db.ts starts it with
// `{ dir, password }`; it answers `ready` (with the port) or `failed`, and on `stop` closes the server and
// PGlite (a clean close checkpoints, so the next start needs no recovery) and answers `stopped`.

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const { dir, password } = /** @type {{ dir: string, password: string }} */ (workerData);

try {
  const db = await PGlite.create(dir);
  const server = await servePglite(db, { password });
  port.on("message", async (/** @type {{ type: string }} */ m) => {
    if (m.type !== "stop") return;
    await server.stop().catch(() => {});
    let error;
    await db.close().catch((/** @type {unknown} */ e) => (error = String(/** @type {Error} */ (e)?.message ?? e)));
    port.postMessage({ type: "stopped", error });
    port.close();
  });
  port.postMessage({ type: "ready", port: server.port });
} catch (e) {
  const err = /** @type {NodeJS.ErrnoException} */ (e);
  port.postMessage({ type: "failed", message: String(err?.message ?? e), code: err?.code });
}
