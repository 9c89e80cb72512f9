import http from "node:http";
import https from "node:https";
import { storableText } from "../storable-text";
import { checkLiteralHost, guardedLookup, RefusedAddressError } from "./url-guard";

// One HTTP POST to a receiver: a 15 s limit on the whole exchange, the answer's first 1,000 characters kept,
// made storable (a receiver may answer anything, NUL bytes included).

export const ATTEMPT_TIMEOUT_MS = 15_000;
const EXCERPT_CHARS = 1000;

export interface PostOutcome {
  ok: boolean;
  /** 0 when no HTTP answer came. */
  statusCode: number;
  response: string;
  error?: string;
  durationMs: number;
}

export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = ATTEMPT_TIMEOUT_MS,
): Promise<PostOutcome> {
  const started = performance.now();
  const done = (o: Omit<PostOutcome, "durationMs">): PostOutcome => ({
    ...o,
    response: storableText(o.response, EXCERPT_CHARS),
    ...(o.error !== undefined && { error: storableText(o.error, 2000) }),
    durationMs: Math.round(performance.now() - started),
  });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
      checkLiteralHost(target.hostname);
      // Node would throw from request() on these (ERR_INVALID_CHAR for a value with CR/LF): a failed attempt.
      for (const [name, value] of Object.entries(headers)) {
        http.validateHeaderName(name);
        http.validateHeaderValue(name, value);
      }
    } catch (e) {
      resolve(done({ ok: false, statusCode: 0, response: "", error: (e as Error).message }));
      return;
    }
    const client = target.protocol === "https:" ? https : http;
    let settled = false;
    const finish = (o: Omit<PostOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(o));
    };
    const req = client.request(
      target,
      {
        method: "POST",
        lookup: guardedLookup,
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "weft-webhooks/1",
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (text.length < EXCERPT_CHARS) text += chunk;
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          finish({ ok: status >= 200 && status < 300, statusCode: status, response: text.slice(0, EXCERPT_CHARS) });
        });
        res.on("error", (e) =>
          finish({
            ok: false,
            statusCode: res.statusCode ?? 0,
            response: text.slice(0, EXCERPT_CHARS),
            error: e.message,
          }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: 0, response: "", error: `timed out after ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on("error", (e) => {
      const refused = e instanceof RefusedAddressError || /^refused:/.test(e.message);
      finish({
        ok: false,
        statusCode: 0,
        response: "",
        error: refused ? e.message : `connection failed: ${e.message}`,
      });
    });
    req.end(body);
  });
}
