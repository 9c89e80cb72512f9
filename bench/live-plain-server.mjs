// The live baselines for `npm run bench`: a stock @hocuspocus/server `Server` with no auth, on its own port, plus
// one HTTP route that does what weft's REST update does to an open document (a minimal Yjs diff from the new
// text, applied with an origin, broadcast by Hocuspocus):
//   POST /update {"name": "<document name>", "key": "content", "text": "<new text>"}  -> 204, 404 when not open
//   GET  /healthz                                                                   -> 200
// Plain: no database, no extension. With HOCUSPOCUS_DATABASE_URL: Hocuspocus's own persistence,
// @hocuspocus/extension-database, storing each document's whole state in a PostgreSQL table after every change
// (debounce 0: every accepted update is persisted, as weft persists each; Hocuspocus acknowledges before the
// store, weft after its commit) and loading it on open.
// Environment: PORT, HOST (127.0.0.1), HOCUSPOCUS_DATABASE_URL. Prints `live-plain-server listening on <port>`.
import { Database } from "@hocuspocus/extension-database";
import { Server } from "@hocuspocus/server";
import pg from "pg";
import { replaceText } from "./lib/replace-text.mjs";

const port = Number(process.env.PORT || 0);
const address = process.env.HOST || "127.0.0.1";

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const databaseUrl = process.env.HOCUSPOCUS_DATABASE_URL;
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : null;
if (pool) {
  await pool.query('CREATE TABLE IF NOT EXISTS "HocuspocusDocument" ("name" text PRIMARY KEY, "data" bytea NOT NULL)');
}
const persistence = pool
  ? [
      new Database({
        fetch: async ({ documentName }) =>
          (await pool.query('SELECT "data" FROM "HocuspocusDocument" WHERE "name" = $1', [documentName])).rows[0]
            ?.data ?? null,
        store: async ({ documentName, state }) => {
          await pool.query(
            'INSERT INTO "HocuspocusDocument" ("name", "data") VALUES ($1, $2) ON CONFLICT ("name") DO UPDATE SET "data" = EXCLUDED."data"',
            [documentName, state],
          );
        },
      }),
    ]
  : [];

const server = new Server({
  port,
  address,
  quiet: true,
  stopOnSignals: true,
  extensions: persistence,
  ...(pool ? { debounce: 0 } : {}),
  async onRequest({ request, response }) {
    const url = new URL(request.url ?? "/", "http://x");
    if (url.pathname === "/healthz") {
      response.writeHead(200).end("ok");
      throw null; // handled: Hocuspocus skips its default answer
    }
    if (url.pathname === "/update" && request.method === "POST") {
      const { name, key, text } = JSON.parse(await readBody(request));
      const doc = server.hocuspocus.documents.get(name);
      if (!doc) response.writeHead(404).end();
      else {
        replaceText(doc.getText(key), text, "rest");
        response.writeHead(204).end();
      }
      throw null;
    }
  },
});

await server.listen();
console.log(`live-plain-server listening on ${server.address.port}`);
