// The live baseline for `npm run bench`: a stock @hocuspocus/server `Server` with no auth, no database and no
// extension, on its own port, plus one HTTP route that does what weft's REST update does to an open document
// (a minimal Yjs diff from the new text, applied with an origin, broadcast by Hocuspocus):
//   POST /update {"name": "<document name>", "key": "content", "text": "<new text>"}  -> 204, 404 when not open
//   GET  /healthz                                                                   -> 200
// Environment: PORT, HOST (127.0.0.1). Prints `live-plain-server listening on <port>` when ready.
import { Server } from "@hocuspocus/server";
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

const server = new Server({
  port,
  address,
  quiet: true,
  stopOnSignals: true,
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
