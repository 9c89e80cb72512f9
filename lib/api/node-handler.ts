import type { IncomingMessage, ServerResponse } from "node:http";
import { dispatch } from "./dispatch";
import { registry } from "./registry";

// The API straight from server.mjs's node:http server to the dispatcher, without Next's router: Next's request
// handling (routing, tracing, its web-stream response pipe) cost more per call than the dispatcher's own work
// (bench/README.md). Only POSTs to a registry path come here; anything else (other methods, trailing slashes,
// unknown paths, the console) still goes through Next, which routes API paths to the same dispatcher.
// The reply is the dispatcher's, byte for byte; what differs is framing: a Content-Length instead of chunked
// transfer, and no `vary: rsc, ...` header (Next's, for its React Server Components, meaningless here).

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

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (value) for (const v of value) headers.append(name, v);
  }
  return headers;
}

async function serve(req: IncomingMessage, res: ServerResponse) {
  try {
    // req.headers as server.mjs left them (it sets the client IP and request id), as Next would pass them.
    const headers = headersOf(req);
    // The dispatcher reads only the path: a fixed origin keeps a malformed Host header from failing the URL.
    const request = new Request(`http://localhost${req.url}`, { method: "POST", headers });
    // The dispatcher reads the body from `req` itself, once, under the cap (read-body.ts).
    const response = await dispatch(request, { body: req });
    const text = Buffer.from(await response.arrayBuffer());
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => (out[name] = value));
    out["content-length"] = String(text.byteLength);
    res.writeHead(response.status, out);
    res.end(text);
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
