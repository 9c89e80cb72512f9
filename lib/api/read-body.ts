import { invalid } from "@/lib/domain/errors";

/** Reads the body, refusing it as soon as it passes `limit` bytes (Content-Length is not trusted alone). */
export async function readBodyCapped(request: Request, limit: number): Promise<Buffer> {
  const tooLarge = () => invalid(`Request body is larger than the ${limit}-byte limit.`);
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
