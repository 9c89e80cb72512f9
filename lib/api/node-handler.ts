import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyTooLarge, type ApiCall } from "./api-call";
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

const holder = globalThis as unknown as { __weftApi?: ApiFastPath };

function handles(method: string | undefined, url: string | undefined): boolean {
  if (method !== "POST" || !url) return false;
  const q = url.indexOf("?");
  return registry.has(q === -1 ? url : url.slice(0, q));
}

/** The body as text; refused as soon as it passes `limit` bytes, by its Content-Length or as it arrives. */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  if (Number(req.headers["content-length"]) > limit) return Promise.reject(bodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: Error) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", finish);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks).toString("utf8"));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size > limit) finish(bodyTooLarge(limit));
    };
    const onEnd = () => finish();
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", finish);
  });
}

/** req.headers as server.mjs left them (it sets the client IP and request id); repeated ones joined like Headers. */
function headerReader(req: IncomingMessage) {
  return {
    get(name: string): string | null {
      const value = req.headers[name];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

async function serve(req: IncomingMessage, res: ServerResponse) {
  try {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const call: ApiCall = {
      method: "POST",
      path: q === -1 ? url : url.slice(0, q),
      headers: headerReader(req),
      body: (limit) => readBody(req, limit),
    };
    const reply = await dispatchCall(call);
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

/** Start-up (server role): lets server.mjs answer registry POSTs without Next. */
export function exposeApiFastPath() {
  holder.__weftApi = { handles, serve: (req, res) => void serve(req, res) };
}
