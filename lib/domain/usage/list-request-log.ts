import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { REQUEST_LOG_MAX_AGE_MS } from "./request-log-bounds";
import type { HeaderList } from "./redact-secrets";

// A key's request log for the console, newest first: filtered by outcome, operation, request id and a time
// range, paged by row id; and one call in full (its redacted headers and bodies).

export const requestOutcomes = ["success", "clientError", "serverError"] as const;

const rowId = z.string().regex(/^\d{1,19}$/);

export const listRequestLogInput = z.strictObject({
  outcome: z.enum(requestOutcomes).optional(),
  operation: z.string().min(1).max(200).optional(),
  /** A request id, whole or its start (what a support ticket or a log line quotes). */
  requestId: z.string().trim().min(1).max(200).optional(),
  /** ISO times: calls at or after `since`, before `until`. */
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
  /** The id of the last row of the previous page. */
  before: rowId.optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export interface RequestLogEntry {
  id: string;
  /** ISO time to the millisecond. */
  time: string;
  operation: string;
  method: string;
  url: string;
  httpStatus: number;
  errorStatus: string | null;
  /** Why a refused call was refused, in the reply's words. */
  errorMessage: string | null;
  errorField: string | null;
  durationMs: number;
  requestId: string;
}

export interface RequestLogDetail extends RequestLogEntry {
  clientIp: string | null;
  requestHeaders: HeaderList;
  requestBody: string | null;
  responseHeaders: HeaderList;
  responseBody: string | null;
}

const entrySelect = {
  id: true,
  createdAt: true,
  operation: true,
  method: true,
  url: true,
  httpStatus: true,
  errorStatus: true,
  errorMessage: true,
  errorField: true,
  durationMs: true,
  requestId: true,
} satisfies Prisma.ApiRequestLogSelect;

type EntryRow = Prisma.ApiRequestLogGetPayload<{ select: typeof entrySelect }>;

function requestLogEntry(r: EntryRow): RequestLogEntry {
  return {
    id: r.id.toString(),
    time: r.createdAt.toISOString(),
    operation: r.operation,
    method: r.method,
    url: r.url,
    httpStatus: r.httpStatus,
    errorStatus: r.errorStatus,
    errorMessage: r.errorMessage,
    errorField: r.errorField,
    durationMs: r.durationMs,
    requestId: r.requestId,
  };
}

const statusRange = {
  success: { lt: 400 },
  clientError: { gte: 400, lt: 500 },
  serverError: { gte: 500 },
} as const;

/** The oldest time the log shows: its retention, or a later `since`. */
function shownSince(since: string | undefined): Date {
  const oldest = Date.now() - REQUEST_LOG_MAX_AGE_MS;
  return new Date(Math.max(oldest, since ? Date.parse(since) : oldest));
}

export async function listRequestLog(
  scope: ApiKeyScope,
  input: z.input<typeof listRequestLogInput>,
  tx: Reader,
): Promise<{ requests: RequestLogEntry[]; operations: string[]; nextBefore?: string }> {
  const { outcome, operation, requestId, since, until, before, limit } = listRequestLogInput.parse(input);
  const retained = { apiKeyId: scope.apiKeyId, createdAt: { gte: shownSince(undefined) } };
  const rows = await tx.apiRequestLog.findMany({
    where: {
      apiKeyId: scope.apiKeyId,
      createdAt: { gte: shownSince(since), ...(until && { lt: new Date(until) }) },
      ...(outcome && { httpStatus: statusRange[outcome] }),
      ...(operation && { operation }),
      ...(requestId && { requestId: { startsWith: requestId } }),
      ...(before && { id: { lt: BigInt(before) } }),
    },
    select: entrySelect,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const operations = await tx.apiRequestLog.groupBy({
    by: ["operation"],
    where: retained,
    orderBy: { operation: "asc" },
  });
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  return {
    requests: page.map(requestLogEntry),
    operations: operations.map((o) => o.operation),
    ...(more && { nextBefore: page.at(-1)!.id.toString() }),
  };
}

export const getRequestDetailInput = z.strictObject({ id: rowId });

export const REQUEST_NOT_FOUND = "This call is not in the request log (it may be older than 7 days).";

/** One call of the key in full: everything the log kept, secrets already redacted when it was written. */
export async function getRequestDetail(
  scope: ApiKeyScope,
  input: z.output<typeof getRequestDetailInput>,
  tx: Reader,
): Promise<RequestLogDetail> {
  const row = await tx.apiRequestLog.findFirst({
    where: { id: BigInt(input.id), apiKeyId: scope.apiKeyId, createdAt: { gte: shownSince(undefined) } },
  });
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return {
    ...requestLogEntry(row),
    clientIp: row.clientIp,
    requestHeaders: headerList(row.requestHeaders),
    requestBody: row.requestBody,
    responseHeaders: headerList(row.responseHeaders),
    responseBody: row.responseBody,
  };
}

const storedHeaders = z.array(z.tuple([z.string(), z.string()]));

function headerList(value: Prisma.JsonValue): HeaderList {
  const parsed = storedHeaders.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** The key's calls logged after row `afterId`, oldest first (the console's live tail), at most `limit`. */
export async function listRequestLogAfter(scope: ApiKeyScope, afterId: string | undefined, limit: number, tx: Reader) {
  const rows = await tx.apiRequestLog.findMany({
    where: { apiKeyId: scope.apiKeyId, ...(afterId && { id: { gt: BigInt(afterId) } }) },
    select: entrySelect,
    orderBy: { id: afterId ? "asc" : "desc" },
    take: limit,
  });
  if (!afterId) rows.reverse();
  return rows.map(requestLogEntry);
}
