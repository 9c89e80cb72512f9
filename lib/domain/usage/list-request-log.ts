import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { REQUEST_LOG_MAX_AGE_MS } from "./request-log-bounds";

// A key's request log for the console, newest first: filtered by outcome and operation, paged by row id.

export const requestOutcomes = ["success", "clientError", "serverError"] as const;

export const listRequestLogInput = z.strictObject({
  outcome: z.enum(requestOutcomes).optional(),
  operation: z.string().min(1).max(200).optional(),
  /** The id of the last row of the previous page. */
  before: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export interface RequestLogEntry {
  id: string;
  time: string;
  operation: string;
  httpStatus: number;
  errorStatus: string | null;
  durationMs: number;
  requestId: string;
}

function requestLogEntry(r: {
  id: bigint;
  createdAt: Date;
  operation: string;
  httpStatus: number;
  errorStatus: string | null;
  durationMs: number;
  requestId: string;
}): RequestLogEntry {
  return {
    id: r.id.toString(),
    time: r.createdAt.toISOString(),
    operation: r.operation,
    httpStatus: r.httpStatus,
    errorStatus: r.errorStatus,
    durationMs: r.durationMs,
    requestId: r.requestId,
  };
}

const statusRange = {
  success: { lt: 400 },
  clientError: { gte: 400, lt: 500 },
  serverError: { gte: 500 },
} as const;

export async function listRequestLog(
  scope: ApiKeyScope,
  input: z.input<typeof listRequestLogInput>,
  tx: Reader,
): Promise<{ requests: RequestLogEntry[]; operations: string[]; nextBefore?: string }> {
  const { outcome, operation, before, limit } = listRequestLogInput.parse(input);
  const since = new Date(Date.now() - REQUEST_LOG_MAX_AGE_MS);
  const base = { apiKeyId: scope.apiKeyId, createdAt: { gte: since } };
  const rows = await tx.apiRequestLog.findMany({
    where: {
      ...base,
      ...(outcome && { httpStatus: statusRange[outcome] }),
      ...(operation && { operation }),
      ...(before && { id: { lt: BigInt(before) } }),
    },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const operations = await tx.apiRequestLog.groupBy({ by: ["operation"], where: base, orderBy: { operation: "asc" } });
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  return {
    requests: page.map(requestLogEntry),
    operations: operations.map((o) => o.operation),
    ...(more && { nextBefore: page.at(-1)!.id.toString() }),
  };
}

/** The key's calls logged after row `afterId`, oldest first (the console's live tail), at most `limit`. */
export async function listRequestLogAfter(scope: ApiKeyScope, afterId: string | undefined, limit: number, tx: Reader) {
  const rows = await tx.apiRequestLog.findMany({
    where: { apiKeyId: scope.apiKeyId, ...(afterId && { id: { gt: BigInt(afterId) } }) },
    orderBy: { id: afterId ? "asc" : "desc" },
    take: limit,
  });
  if (!afterId) rows.reverse();
  return rows.map(requestLogEntry);
}
