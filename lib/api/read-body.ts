import { invalid } from "@/lib/domain/errors";

// The one reading of a request body, under the cap: an ApiCall reads through it (api-call.ts) from a web Request
// (through Next, tests) or a node:http request (server.mjs's fast path, the test API server).

/** A node:http request: read without destroying it when the cap stops the reading early. */
interface NodeBody {
  iterator(options: { destroyOnReturn: boolean }): AsyncIterable<Uint8Array>;
}

export type BodySource = ReadableStream<Uint8Array> | NodeBody | null;

async function* chunksOf(body: Exclude<BodySource, null>): AsyncGenerator<Uint8Array> {
  if (!("getReader" in body)) return yield* body.iterator({ destroyOnReturn: false });
  const reader = body.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) return void (done = true);
      yield next.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => {});
  }
}

/** Reads the body, refusing it as soon as it passes `limit` bytes (Content-Length is not trusted alone). */
export async function readBodyCapped(body: BodySource, contentLength: string | null, limit: number): Promise<Buffer> {
  const tooLarge = () => invalid(`Request body is larger than the ${limit}-byte limit.`);
  const declared = Number(contentLength);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunksOf(body)) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
