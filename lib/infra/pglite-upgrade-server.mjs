// The PGlite data dir of an earlier weft, served read-only-in-practice on a Unix socket for the one-time move
// into the embedded PostgreSQL (lib/infra/pglite-upgrade.ts). A process of its own, outside any bundle, so the
// ~700 MB PGlite takes is returned when the move is done. Arguments: <pglite dir> <socket path>. Prints
// "ready" once serving; closes PGlite (checkpointed) and exits when its stdin closes.
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const [dir, socketPath] = process.argv.slice(2);
const db = await PGlite.create(dir);
// One connection at a time: the move reads through one; pglite-socket mixes the messages of several.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
await server.start();
process.stdout.write("ready\n");
process.stdin.resume();
process.stdin.on("end", async () => {
  await server.stop().catch(() => {});
  await db.close().catch(() => {});
  process.exit(0);
});
