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
import { callOfRequest, responseOfReply, type ApiCall, type ApiReply, type HeaderReader } from "./api-call";
import { errorReply, successReply } from "./envelope";
import {
  claimIdempotencyKey,
  idempotencyKeyOf,
  markIdempotentWrite,
  replayedErrorStatus,
  replayReply,
  settleIdempotentCall,
  type IdempotencyClaim,
} from "./idempotency";
import { InvalidInput, parseInput } from "./parse-input";
import { registry } from "./registry";
import { shapeOutput } from "./reply-json";
import { reportRequest } from "./request-observers";
import { runOperation } from "./run-operation";
import { formatPath } from "./validation";

// The only code that knows HTTP: look up the path, read the capped body, authenticate into a scope, parse
// the input, run (run-operation.ts: in the one transaction, or with a reader), shape the reply through the
// output schema, map errors to the envelope.

export interface DispatchOptions {
  /** In-process callers (tests) name the client's IP; the HTTP server passes it in a header. */
  clientIp?: string;
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

/** A web Request (Next's route handler, tests) through the dispatcher. */
export async function dispatch(request: Request, options: DispatchOptions = {}): Promise<Response> {
  return responseOfReply(await dispatchCall(callOfRequest(request), options));
}

export async function dispatchCall(call: ApiCall, options: DispatchOptions = {}): Promise<ApiReply> {
  const started = performance.now();
  const requestId = requestIdFrom(call.headers.get("x-request-id"));
  const facts: CallFacts = { operation: "unknown" };
  const clientIp = clientIpOf(call.headers, options.clientIp);
  const response = await answer(call, clientIp, requestId, facts);
  if (facts.idempotency) await settle(facts.idempotency, response, requestId);
  const scope = facts.scope ?? (facts.errorStatus ? await attribute(call.headers, clientIp) : undefined);
  reportRequest({
    operation: facts.operation,
    httpStatus: response.status,
    errorStatus: facts.errorStatus,
    errorField: facts.errorField,
    durationMs: performance.now() - started,
    requestId,
    workspaceId: scope && scope.level !== "public" ? scope.workspaceId : undefined,
    apiKeyId: scope?.level === "apiKey" ? scope.apiKeyId : undefined,
    claimedApiKey: scope?.level === "apiKey" ? undefined : claimedApiKey(call.headers),
    clientIp,
    exchange: {
      method: call.method,
      url: call.query ? `${call.path}?${call.query}` : call.path,
      requestHeaders: call.headerEntries(),
      requestBody: facts.requestBody,
      responseHeaders: Object.entries(response.headers),
      responseBody: response.body,
    },
  });
  return response;
}

/**
 * Whose request log a refused call belongs in, when it was refused before its scope was known (a wrong token,
 * an unknown path, a body that is not JSON): the API key its headers name, if they prove it or name an
 * existing key with a wrong token. The reply is already decided; this only files it.
 */
async function attribute(headers: HeaderReader, clientIp: string): Promise<Scope | undefined> {
  if (!claimedApiKey(headers)) return undefined;
  try {
    return await authenticate("apiKey", headers, clientIp);
  } catch (e) {
    return e instanceof CredentialsRefused ? e.claimed : undefined;
  }
}

async function answer(call: ApiCall, clientIp: string, requestId: string, facts: CallFacts) {
  const path = call.path.replace(/\/+$/, "");
  try {
    const endpoint = registry.get(path);
    if (!endpoint) {
      facts.errorStatus = "NOT_FOUND";
      return errorReply("NOT_FOUND", `Unknown endpoint: ${path}.`, requestId);
    }
    facts.operation = endpoint.path;
    if (call.method !== "POST") {
      facts.errorStatus = "INVALID_ARGUMENT";
      return errorReply("INVALID_ARGUMENT", `Method ${call.method} is not allowed; use POST.`, requestId, {
        httpStatus: 405,
        headers: { allow: "POST" },
      });
    }
    const idempotencyKey = idempotencyKeyOf(call.headers);
    const data = await readData(call, endpoint, facts);
    const scope =
      endpoint.credentials === "body"
        ? await authenticateBodyCredentials(data)
        : await authenticate(endpoint.auth, call.headers, clientIp);
    facts.scope = scope;
    const input = parseInput(endpoint, data);
    const idempotent = idempotencyKey && (await claimIdempotencyKey(idempotencyKey, endpoint.path, scope, data));
    if (idempotent && "replay" in idempotent) {
      facts.errorStatus = replayedErrorStatus(idempotent.replay);
      return replayReply(idempotent.replay, requestId);
    }
    const claim = (facts.idempotency = idempotent ? idempotent.claim : undefined);
    const inTransaction = claim && ((tx: Tx) => markIdempotentWrite(tx, claim));
    const output = shapeOutput(
      endpoint,
      await runOperation(endpoint, input, scope, requestId, clientIp, inTransaction),
    );
    const result = endpoint.reply
      ? endpoint.reply.build(output, endpoint.message)
      : { status: "success", message: endpoint.message, data: output };
    return successReply(result, requestId, endpoint.reply?.unwrapped);
  } catch (e) {
    return failure(e, requestId, path, facts);
  }
}

async function readData(call: ApiCall, endpoint: Endpoint, facts: CallFacts): Promise<unknown> {
  const bytes = await call.body(env().WEFT_MAX_BODY_BYTES);
  if (endpoint.binaryBody && isOctetStream(call.headers.get("content-type"))) {
    return binaryData(call, endpoint.binaryBody.field, bytes);
  }
  const text = bytes.toString("utf8");
  facts.requestBody = text;
  checkContentType(call.headers, text);
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
function binaryData(call: ApiCall, field: string, bytes: Buffer): Record<string, unknown> {
  const data: Record<string, unknown> = Object.fromEntries(new URLSearchParams(call.query));
  data[field] = bytes.toString("base64");
  return data;
}

async function settle(claim: IdempotencyClaim, response: ApiReply, requestId: string) {
  try {
    await settleIdempotentCall(claim, response);
  } catch (e) {
    // The record stays `running` until its lease runs out; the reply itself is unaffected.
    log.warn("storing an idempotent reply failed", { requestId, ...errorFields(e) });
  }
}

function failure(e: unknown, requestId: string, path: string, facts: CallFacts): ApiReply {
  if (e instanceof DomainError) {
    facts.errorStatus = e.status;
    if (e instanceof InvalidInput) facts.errorField = formatPath(e.path);
    return errorReply(e.status, e.message, requestId, { details: e.details });
  }
  if (isDatabaseUnavailable(e)) {
    facts.errorStatus = "UNAVAILABLE";
    log.warn("database unavailable", { requestId, path, ...errorFields(e) });
    return errorReply("UNAVAILABLE", "The service is temporarily unavailable. Try again shortly.", requestId);
  }
  facts.errorStatus = "INTERNAL";
  log.error("request failed", { requestId, path, ...errorFields(e), zod: e instanceof z.ZodError });
  return errorReply("INTERNAL", `Internal error. Request id: ${requestId}.`, requestId);
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
