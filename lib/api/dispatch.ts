import { z } from "zod";
import { DomainError } from "@/lib/domain/errors";
import type { Scope } from "@/lib/domain/scope";
import type { Tx } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { errorFields, log } from "@/lib/infra/log";
import { requestIdFrom } from "@/lib/infra/request-id.mjs";
import { CredentialsRefused } from "@/lib/domain/api-keys/verify-credentials";
import { authenticate, authenticateBodyCredentials, claimedApiKey } from "./auth";
import { clientIpOf } from "./client-ip";
import { checkContentType, isOctetStream } from "./content-type";
import type { Endpoint } from "./define-endpoint";
import { errorResponse, successResponse } from "./envelope";
import {
  claimIdempotencyKey,
  idempotencyKeyOf,
  markIdempotentWrite,
  replayedErrorStatus,
  replayResponse,
  settleIdempotentCall,
  type IdempotencyClaim,
} from "./idempotency";
import { InvalidInput, parseInput } from "./parse-input";
import { readBodyCapped, type BodySource } from "./read-body";
import { replyText } from "./reply-text";
import { registry } from "./registry";
import { reportRequest } from "./request-observers";
import { runOperation } from "./run-operation";
import { formatPath } from "./validation";

// The only code that knows HTTP: look up the path, read the capped body, authenticate into a scope, parse
// the input, run (run-operation.ts: in the one transaction, or with a reader), shape the reply through the
// output schema, map errors to the envelope.

export interface DispatchOptions {
  /** In-process callers (tests) name the client's IP; the HTTP server passes it in a header. */
  clientIp?: string;
  /** The body as a node:http request (node-handler.ts), read here instead of the Request's. */
  body?: BodySource;
}

interface CallFacts {
  operation: string;
  scope?: Scope;
  errorStatus?: string;
  errorField?: string;
  /** The JSON body as read (only once it was: an over-size body is not; a raw-bytes body is not kept). */
  requestBody?: string;
  /** An Idempotency-Key this call claimed: its reply is stored once answered. */
  idempotency?: IdempotencyClaim;
}

export async function dispatch(request: Request, options: DispatchOptions = {}): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdFrom(request.headers.get("x-request-id"));
  const facts: CallFacts = { operation: "unknown" };
  const clientIp = clientIpOf(request.headers, options.clientIp);
  const response = await answer(request, options, clientIp, requestId, facts);
  if (facts.idempotency) await settle(facts.idempotency, response, requestId);
  const scope = facts.scope ?? (facts.errorStatus ? await attribute(request.headers, clientIp) : undefined);
  const url = new URL(request.url);
  reportRequest({
    operation: facts.operation,
    httpStatus: response.status,
    errorStatus: facts.errorStatus,
    errorField: facts.errorField,
    durationMs: performance.now() - started,
    requestId,
    workspaceId: scope && scope.level !== "public" ? scope.workspaceId : undefined,
    apiKeyId: scope?.level === "apiKey" ? scope.apiKeyId : undefined,
    claimedApiKey: scope?.level === "apiKey" ? undefined : claimedApiKey(request.headers),
    clientIp,
    exchange: {
      method: request.method,
      url: url.pathname + url.search,
      requestHeaders: request.headers,
      requestBody: facts.requestBody,
      responseHeaders: response.headers,
      responseBody: replyText(response),
    },
  });
  return response;
}

/**
 * Whose request log a refused call belongs in, when it was refused before its scope was known (a wrong token,
 * an unknown path, a body that is not JSON): the API key its headers name, if they prove it or name an
 * existing key with a wrong token. The reply is already decided; this only files it.
 */
async function attribute(headers: Headers, clientIp: string): Promise<Scope | undefined> {
  if (!claimedApiKey(headers)) return undefined;
  try {
    return await authenticate("apiKey", headers, clientIp);
  } catch (e) {
    return e instanceof CredentialsRefused ? e.claimed : undefined;
  }
}

async function answer(
  request: Request,
  options: DispatchOptions,
  clientIp: string,
  requestId: string,
  facts: CallFacts,
) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  try {
    const endpoint = registry.get(path);
    if (!endpoint) {
      facts.errorStatus = "NOT_FOUND";
      return errorResponse("NOT_FOUND", `Unknown endpoint: ${path}.`, requestId);
    }
    facts.operation = endpoint.path;
    if (request.method !== "POST") {
      facts.errorStatus = "INVALID_ARGUMENT";
      return errorResponse("INVALID_ARGUMENT", `Method ${request.method} is not allowed; use POST.`, requestId, {
        httpStatus: 405,
        headers: { allow: "POST" },
      });
    }
    const idempotencyKey = idempotencyKeyOf(request.headers);
    const data = await readData(request, options.body ?? request.body, endpoint, facts);
    const scope =
      endpoint.credentials === "body"
        ? await authenticateBodyCredentials(data)
        : await authenticate(endpoint.auth, request.headers, clientIp);
    facts.scope = scope;
    const input = parseInput(endpoint, data);
    const idempotent = idempotencyKey && (await claimIdempotencyKey(idempotencyKey, endpoint.path, scope, data));
    if (idempotent && "replay" in idempotent) {
      facts.errorStatus = replayedErrorStatus(idempotent.replay);
      return replayResponse(idempotent.replay, requestId);
    }
    const claim = (facts.idempotency = idempotent ? idempotent.claim : undefined);
    const inTransaction = claim && ((tx: Tx) => markIdempotentWrite(tx, claim));
    const output = endpoint.output.parse(
      await runOperation(endpoint, input, scope, requestId, clientIp, inTransaction),
    );
    const result = endpoint.reply
      ? endpoint.reply.build(output, endpoint.message)
      : { status: "success", message: endpoint.message, data: output };
    return successResponse(result, requestId, endpoint.reply?.unwrapped);
  } catch (e) {
    return failure(e, requestId, path, facts);
  }
}

async function readData(request: Request, source: BodySource, endpoint: Endpoint, facts: CallFacts): Promise<unknown> {
  const bytes = await readBodyCapped(source, request.headers.get("content-length"), env().WEFT_MAX_BODY_BYTES);
  if (endpoint.binaryBody && isOctetStream(request.headers.get("content-type"))) {
    return binaryData(request, endpoint.binaryBody.field, bytes);
  }
  const text = bytes.toString("utf8");
  facts.requestBody = text;
  checkContentType(request.headers, text);
  let body: unknown;
  try {
    body = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    throw new DomainError("INVALID_ARGUMENT", "Request body is not valid JSON.");
  }
  if (body === undefined && endpoint.dataOptional) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new DomainError("INVALID_ARGUMENT", 'Request body must be a JSON object with a "data" member.');
  }
  const keys = Object.keys(body);
  if (keys.some((k) => k !== "data")) {
    throw new DomainError("INVALID_ARGUMENT", 'Request body must have exactly one member, "data".');
  }
  const data = (body as { data?: unknown }).data;
  if (data === undefined && endpoint.dataOptional) return {};
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new DomainError("INVALID_ARGUMENT", 'Request body must be a JSON object with a "data" member.');
  }
  return data;
}

/** The input of a raw-bytes body: the query string's fields plus the bytes (base64) as `field`. */
function binaryData(request: Request, field: string, bytes: Buffer): Record<string, unknown> {
  const data: Record<string, unknown> = Object.fromEntries(new URL(request.url).searchParams);
  data[field] = bytes.toString("base64");
  return data;
}

async function settle(claim: IdempotencyClaim, response: Response, requestId: string) {
  try {
    await settleIdempotentCall(claim, response);
  } catch (e) {
    // The record stays `running` until its lease runs out; the reply itself is unaffected.
    log.warn("storing an idempotent reply failed", { requestId, ...errorFields(e) });
  }
}

function failure(e: unknown, requestId: string, path: string, facts: CallFacts): Response {
  if (e instanceof DomainError) {
    facts.errorStatus = e.status;
    if (e instanceof InvalidInput) facts.errorField = formatPath(e.path);
    return errorResponse(e.status, e.message, requestId, { details: e.details });
  }
  if (isDatabaseUnavailable(e)) {
    facts.errorStatus = "UNAVAILABLE";
    log.warn("database unavailable", { requestId, path, ...errorFields(e) });
    return errorResponse("UNAVAILABLE", "The service is temporarily unavailable. Try again shortly.", requestId);
  }
  facts.errorStatus = "INTERNAL";
  log.error("request failed", { requestId, path, ...errorFields(e), zod: e instanceof z.ZodError });
  return errorResponse("INTERNAL", `Internal error. Request id: ${requestId}.`, requestId);
}

const UNAVAILABLE_CODES = new Set([
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  "ECONNREFUSED",
  "ECONNRESET",
  "57P01",
  "57P03",
]);

// What pg, adapter-pg and Prisma say when the connection to PostgreSQL is gone or the server is restarting
// (SQLSTATE class 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now).
const CONNECTION_LOST =
  /ECONNREFUSED|ECONNRESET|Connection terminated|connection is closed|connection error and is not queryable|terminating connection|server closed the connection|the database system is (shutting down|starting up|in recovery mode)|Can't reach database|timed out fetching a new connection|Code: `(08\w{3}|57P0[123])`/i;

function isDatabaseUnavailable(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    const err = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof err.code === "string" && UNAVAILABLE_CODES.has(err.code)) return true;
    if (typeof err.message === "string" && CONNECTION_LOST.test(err.message)) return true;
    cur = err.cause;
  }
  return false;
}
