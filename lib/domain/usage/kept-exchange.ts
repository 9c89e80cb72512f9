import {
  presentedSecrets,
  redactBody,
  redactHeaders,
  redactReplyBody,
  redactText,
  type HeaderList,
} from "./redact-secrets";

// What the request log keeps of one call's exchange: method and URL, headers and bodies with their secrets
// redacted (redact-secrets.ts), bodies cut to KEPT_BODY_CHARS, and the error message of a refusal. Runs in the
// request log's flush, never on the request path.

/** A stored body is cut here (the console says so); 1,000 calls per key stay within a few MiB. */
export const KEPT_BODY_CHARS = 8192;
/** A body longer than this is not parsed or kept at all, only its size. */
const MAX_INSPECTED_CHARS = 64 * 1024;

export interface RawExchange {
  method: string;
  /** Path and query string. */
  url: string;
  requestHeaders: Iterable<[string, string]>;
  requestBody?: string;
  responseHeaders: Iterable<[string, string]>;
  responseBody?: string;
}

export interface KeptExchange {
  method: string;
  /** Path and query string. */
  url: string;
  requestHeaders: HeaderList;
  requestBody?: string;
  responseHeaders: HeaderList;
  responseBody?: string;
  errorMessage?: string;
}

function keptBody(
  text: string | undefined,
  known: readonly string[],
  redact: (text: string, known: readonly string[]) => string,
): string | undefined {
  if (text === undefined || text === "") return undefined;
  if (text.length > MAX_INSPECTED_CHARS) return `[body of ${text.length} characters not kept]`;
  const redacted = redact(text, known);
  return redacted.length > KEPT_BODY_CHARS
    ? `${redacted.slice(0, KEPT_BODY_CHARS)}… [cut at ${KEPT_BODY_CHARS} of ${redacted.length} characters]`
    : redacted;
}

/** The message of an error envelope (`{"error": {"message": …}}`), if the reply is one. */
function errorMessageOf(body: string | undefined): string | undefined {
  if (!body?.startsWith('{"error"')) return undefined;
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    return typeof message === "string" ? message.slice(0, 1000) : undefined;
  } catch {
    return undefined;
  }
}

export function keptExchange(raw: RawExchange): KeptExchange {
  const requestHeaders = [...raw.requestHeaders];
  const known = presentedSecrets(requestHeaders);
  const message = errorMessageOf(raw.responseBody);
  return {
    method: raw.method.slice(0, 20),
    url: raw.url.slice(0, 2000),
    requestHeaders: redactHeaders(requestHeaders),
    requestBody: keptBody(raw.requestBody, known, redactBody),
    responseHeaders: redactHeaders([...raw.responseHeaders]),
    responseBody: keptBody(raw.responseBody, known, redactReplyBody),
    errorMessage: message && redactText(message, known),
  };
}
