// What every console page is sent (proxy.ts sets it per request). A fresh nonce per page: Next reads it from
// the request's Content-Security-Policy header and puts it on its own scripts and inline styles, so no script
// runs without it ('strict-dynamic' lets those scripts load the page's chunks). frame-ancestors 'none' and
// X-Frame-Options: DENY stop clickjacking; the REST API (/v1, /v2, /api) keeps its plain JSON headers.

/**
 * The only inline styles allowed without the nonce, each by the hash of its exact text: the API reference's
 * renderer (Redoc) inserts perfect-scrollbar's stylesheet when its module loads, through a style-loader that
 * cannot be handed a nonce at that point (it first inserts the element empty, then fills it). A hash admits
 * that one text and nothing else. After a Redoc upgrade the API reference e2e spec fails with the CSP error,
 * which names the new hash to put here.
 */
const STYLE_HASHES = [
  "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='", // the empty <style> element
  "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='", // redoc 2.5.4's perfect-scrollbar stylesheet
];

export function consoleCsp(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}' ${STYLE_HASHES.join(" ")}`,
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function consoleSecurityHeaders(nonce: string, dev = false): Record<string, string> {
  return {
    "content-security-policy": consoleCsp(nonce, dev),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  };
}

/** The console page's own path, set on the request by proxy.ts (any copy the browser sends is replaced). */
export const PAGE_PATH_HEADER = "x-weft-page-path";

/** 128 random bits, base64 (the nonce-source grammar allows base64 characters). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
