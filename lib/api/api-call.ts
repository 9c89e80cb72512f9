import type { IncomingMessage } from "node:http";
import { readBodyCapped } from "./read-body";

// What the dispatcher needs of an HTTP request and gives back, whoever carries it: server.mjs's node:http fast
// path (lib/api/node-handler.ts) builds these from the socket's request without any web Request, Headers or
// Response objects (undici's streams cost more per call than the call's own work); Next's route handler and the
// tests go through `dispatch(request)`, which adapts a web Request.

/** Header lookup by lower-case name; a web `Headers` is one. */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface ApiCall {
  method: string;
  /** The URL path, without the query. */
  path: string;
  /** The URL's query, without the `?` ("" without one). */
  query: string;
  headers: HeaderReader;
  /** Every header as received (the request log keeps them, redacted). */
  headerEntries(): Iterable<[string, string]>;
  /** The body's bytes, refused (INVALID_ARGUMENT) once they pass `limit` (read-body.ts). */
  body(limit: number): Promise<Buffer>;
}

export interface ApiReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A web Request as an ApiCall (Next's route handler, tests). */
export function callOfRequest(request: Request): ApiCall {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    headers: request.headers,
    headerEntries: () => request.headers,
    body: (limit) => readBodyCapped(request.body, request.headers.get("content-length"), limit),
  };
}

export function responseOfReply(reply: ApiReply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

/**
 * A node:http request as an ApiCall (server.mjs's fast path, the test API server): req.headers as server.mjs left
 * them (it sets the client IP and request id), repeated ones joined as Headers would; the body read from `req`.
 */
export function callOfNodeRequest(req: IncomingMessage): ApiCall {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  return {
    method: req.method ?? "GET",
    path: q === -1 ? url : url.slice(0, q),
    query: q === -1 ? "" : url.slice(q + 1),
    headers: {
      get(name: string): string | null {
        const value = req.headers[name];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(", ") : value;
      },
    },
    headerEntries: () =>
      Object.entries(req.headers).flatMap(([name, value]): [string, string][] =>
        value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value]],
      ),
    body: (limit) => readBodyCapped(req, req.headers["content-length"] ?? null, limit),
  };
}
