import { invalid } from "@/lib/domain/errors";
import type { HeaderReader } from "./api-call";

// A POST body must be declared JSON: `application/json` or any `+json` type, parameters allowed. Browsers send
// text/plain, form and multipart bodies cross-site without a preflight, so refusing them stops any web page
// from driving the public endpoints from a visitor's browser. A call without a body needs no content type.

export const CONTENT_TYPE_REQUIRED =
  "Content-Type must be application/json (or another +json type) when the request has a body.";

export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const essence = header.split(";", 1)[0].trim().toLowerCase();
  const match = /^([a-z0-9!#$&^_.+-]+)\/([a-z0-9!#$&^_.+-]+)$/.exec(essence);
  if (!match) return false;
  return essence === "application/json" || match[2].endsWith("+json");
}

/** Throws INVALID_ARGUMENT naming Content-Type when `body` is not empty and not declared JSON. */
export function checkContentType(headers: HeaderReader, body: string) {
  if (body.trim() !== "" && !isJsonContentType(headers.get("content-type"))) throw invalid(CONTENT_TYPE_REQUIRED);
}

/** Whether the body is declared raw bytes (`application/octet-stream`, parameters allowed). */
export function isOctetStream(header: string | null): boolean {
  return header?.split(";", 1)[0].trim().toLowerCase() === "application/octet-stream";
}
