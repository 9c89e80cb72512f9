import type { IncomingMessage, ServerResponse } from "node:http";
import { callOfNodeRequest } from "./api-call";
import { dispatchCall } from "./dispatch";
import { registry } from "./registry";

// The API straight from server.mjs's node:http server to the dispatcher, without Next's router and without web
// Request/Headers/Response objects: Next's request handling, and then undici's objects and streams, cost more per
// call than the dispatcher's own work (bench/README.md). Only POSTs to a registry path come here; anything else
// (other methods, trailing slashes, unknown paths, the console) still goes through Next, which routes API paths
// to the same dispatcher. The reply is the dispatcher's, byte for byte; what differs is framing: a
// Content-Length instead of chunked transfer, and no `vary: rsc, ...` header (Next's, for React Server
// Components, meaningless here).

export interface ApiFastPath {
  /** Whether a request with this method and URL (path and query) is answered here. */
  handles(method: string | undefined, url: string | undefined): boolean;
  serve(req: IncomingMessage, res: ServerResponse): void;
}

function handles(method: string | undefined, url: string | undefined): boolean {
  if (method !== "POST" || !url) return false;
  const q = url.indexOf("?");
  return registry.has(q === -1 ? url : url.slice(0, q));
}

async function serve(req: IncomingMessage, res: ServerResponse) {
  try {
    // The body is read from `req` itself, once, under the cap (read-body.ts).
    const reply = await dispatchCall(callOfNodeRequest(req));
    reply.headers["content-length"] = String(Buffer.byteLength(reply.body));
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
  } catch {
    // dispatch answers every failure with an envelope; this is a broken socket or a bug in the framing above.
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify({ error: { status: "INTERNAL", message: "Internal error." } }));
  } finally {
    if (!req.complete) req.resume();
  }
}

/** What start-up hands server.mjs (lib/server/server-handle.ts) to answer registry POSTs without Next. */
export function apiFastPath(): ApiFastPath {
  return { handles, serve: (req, res) => void serve(req, res) };
}
