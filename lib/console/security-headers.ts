// What every console page is sent (proxy.ts sets it per request). A fresh nonce per page: Next reads it from
// the request's Content-Security-Policy header and puts it on its own scripts and inline styles, so no script
// runs without it ('strict-dynamic' lets those scripts load the page's chunks). frame-ancestors 'none' and
// X-Frame-Options: DENY stop clickjacking; the REST API (/v1, /v2, /api) keeps its plain JSON headers.

export function consoleCsp(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
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
