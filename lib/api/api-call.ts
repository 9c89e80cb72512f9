import { invalid } from "@/lib/domain/errors";

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
  headers: HeaderReader;
  /** The body as text, refused (INVALID_ARGUMENT) once it passes `limit` bytes. */
  body(limit: number): Promise<string>;
}

export interface ApiReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const bodyTooLarge = (limit: number) => invalid(`Request body is larger than the ${limit}-byte limit.`);

/** A web Request as an ApiCall (Next's route handler, tests). */
export function callOfRequest(request: Request): ApiCall {
  return {
    method: request.method,
    path: new URL(request.url).pathname,
    headers: request.headers,
    body: (limit) => readRequestBody(request, limit),
  };
}

export function responseOfReply(reply: ApiReply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

/** Reads the body, refusing it as soon as it passes `limit` bytes (Content-Length is not trusted alone). */
async function readRequestBody(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw bodyTooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
