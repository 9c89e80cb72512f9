import { Prisma } from "@/lib/generated/prisma/client";
import type { Reader, Tx } from "@/lib/infra/db";

// Raw SQL of the request log and the daily usage counters (usage.prisma).

export interface RequestLogRow {
  /** Undefined: the call named no key that exists (kept for the operator, unattributed). */
  apiKeyId?: string;
  workspaceId?: string;
  /** The key id an unattributed call's headers named. */
  claimedApiKey?: string;
  operation: string;
  method?: string;
  /** Path and query string as requested (an unknown path is only here: its operation is "unknown"). */
  url?: string;
  httpStatus: number;
  errorStatus?: string;
  errorMessage?: string;
  errorField?: string;
  durationMs: number;
  requestId: string;
  clientIp?: string;
  /** Redacted (redact-secrets.ts) before they get here. */
  requestHeaders?: [string, string][];
  requestBody?: string;
  responseHeaders?: [string, string][];
  responseBody?: string;
  createdAt: Date;
}

export type UsageCounter = "apiCalls" | "apiErrors" | "liveConnections";

export interface UsageIncrement {
  apiKeyId: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  metric: UsageCounter;
  count: number;
}

/**
 * Of `apiKeyIds`, the keys that still exist, locked FOR KEY SHARE until the transaction ends: a key deleted
 * meanwhile (deleteKeyData locks its row FOR UPDATE first) is either gone by now or waits for this batch to
 * commit and then deletes its rows too. Rows of a deleted key are never written after its deletion.
 */
export async function lockLiveKeys(tx: Tx, apiKeyIds: string[]): Promise<Set<string>> {
  if (apiKeyIds.length === 0) return new Set();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "ApiKey" WHERE "id" = ANY(${apiKeyIds}::text[]) ORDER BY "id" FOR KEY SHARE`;
  return new Set(rows.map((r) => r.id));
}

/**
 * One INSERT for the whole batch, its rows sent as one JSON parameter (jsonb_to_recordset). Prisma's createMany
 * of the same 500 rows x 19 columns went through its query compiler and parameter mapping: about 9 % of the
 * server's CPU under a Get Users load (bench/README.md).
 */
export async function insertRequestLog(tx: Tx, rows: RequestLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  // jsonb refuses a lone surrogate (an error message can echo one a client sent as \ud800), which would drop the
  // whole batch; text columns took it as U+FFFD, so the strings are made well-formed first when one may be there.
  let json = JSON.stringify(rows);
  if (/\\u[dD][89a-fA-F]/.test(json))
    json = JSON.stringify(rows, (_key, v: unknown) => (typeof v === "string" ? v.toWellFormed() : v));
  await tx.$executeRaw`
    INSERT INTO "ApiRequestLog"
      ("apiKeyId", "workspaceId", "claimedApiKey", "operation", "method", "url", "httpStatus", "errorStatus",
       "errorMessage", "errorField", "durationMs", "requestId", "clientIp", "requestHeaders", "requestBody",
       "responseHeaders", "responseBody", "createdAt")
    SELECT v."apiKeyId", v."workspaceId", v."claimedApiKey", v."operation", COALESCE(v."method", 'POST'),
           COALESCE(v."url", ''), v."httpStatus", v."errorStatus", v."errorMessage", v."errorField", v."durationMs",
           v."requestId", v."clientIp", v."requestHeaders", v."requestBody", v."responseHeaders", v."responseBody",
           v."createdAt"
    -- In the batch's order, so the ids (the log's tie-break after createdAt) follow the order of the calls.
    FROM ROWS FROM (jsonb_to_recordset(${json}::jsonb) AS ("apiKeyId" text, "workspaceId" text,
         "claimedApiKey" text, "operation" text, "method" text, "url" text, "httpStatus" int, "errorStatus" text,
         "errorMessage" text, "errorField" text, "durationMs" int, "requestId" text, "clientIp" text,
         "requestHeaders" jsonb, "requestBody" text, "responseHeaders" jsonb, "responseBody" text,
         "createdAt" timestamp(3))) WITH ORDINALITY AS v("apiKeyId", "workspaceId", "claimedApiKey", "operation",
         "method", "url", "httpStatus", "errorStatus", "errorMessage", "errorField", "durationMs", "requestId",
         "clientIp", "requestHeaders", "requestBody", "responseHeaders", "responseBody", "createdAt", "position")
    ORDER BY v."position"`;
}

/** `count = count + n` for every (key, day, metric) of the batch, in one statement: correct across instances. */
export async function addUsage(tx: Tx, increments: UsageIncrement[]): Promise<void> {
  if (increments.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "UsageDay" ("apiKeyId", "day", "metric", "count")
    SELECT * FROM unnest(${increments.map((i) => i.apiKeyId)}::text[], ${increments.map((i) => i.day)}::date[],
                         ${increments.map((i) => i.metric)}::text[], ${increments.map((i) => i.count)}::int[])
    ON CONFLICT ("apiKeyId", "day", "metric") DO UPDATE SET "count" = "UsageDay"."count" + EXCLUDED."count"`;
}

export interface SweepBounds {
  /** Rows kept per key, newest first. */
  perKey: number;
  /** Rows older than this go. */
  before: Date;
  /** Usage counters of days before this go. */
  usageBefore: Date;
}

/** Trims the request log to its bounds (unattributed calls, no key, count as one more key); returns how many went. */
export async function sweepRequestLog(tx: Tx, bounds: SweepBounds): Promise<number> {
  const old = await tx.$executeRaw`DELETE FROM "ApiRequestLog" WHERE "createdAt" < ${bounds.before}`;
  const surplus = await tx.$executeRaw`
    DELETE FROM "ApiRequestLog" WHERE "id" IN (
      SELECT "id" FROM (
        SELECT "id", row_number() OVER (PARTITION BY "apiKeyId" ORDER BY "createdAt" DESC, "id" DESC) AS "rank"
        FROM "ApiRequestLog"
        WHERE coalesce("apiKeyId", '') IN (
          SELECT coalesce("apiKeyId", '') FROM "ApiRequestLog" GROUP BY 1 HAVING count(*) > ${bounds.perKey})) ranked
      WHERE "rank" > ${bounds.perKey})`;
  await tx.$executeRaw`DELETE FROM "UsageDay" WHERE "day" < ${bounds.usageBefore}::date`;
  return old + surplus;
}

export interface UsageCount {
  day: string;
  metric: string;
  count: number;
}

/**
 * Per UTC day since `since`: the counters, and what is counted from the tables themselves (rows created that
 * day): documents, users, notifications, webhook deliveries, emails.
 */
export async function readUsage(tx: Reader, apiKeyId: string, since: Date): Promise<UsageCount[]> {
  const day = Prisma.sql`to_char("createdAt", 'YYYY-MM-DD')`;
  const rows = await tx.$queryRaw<UsageCount[]>`
    SELECT to_char("day", 'YYYY-MM-DD') AS "day", "metric", "count" FROM "UsageDay"
      WHERE "apiKeyId" = ${apiKeyId} AND "day" >= ${since}::date
    UNION ALL SELECT ${day}, 'documents', count(*)::int FROM "Document"
      WHERE "apiKeyId" = ${apiKeyId} AND "createdAt" >= ${since} GROUP BY 1
    UNION ALL SELECT ${day}, 'users', count(*)::int FROM "OrganizationUser"
      WHERE "apiKeyId" = ${apiKeyId} AND "createdAt" >= ${since} GROUP BY 1
    UNION ALL SELECT ${day}, 'notifications', count(*)::int FROM "Notification"
      WHERE "apiKeyId" = ${apiKeyId} AND "createdAt" >= ${since} GROUP BY 1
    UNION ALL SELECT ${day}, 'webhookDeliveries', count(*)::int FROM "WebhookDelivery"
      WHERE "apiKeyId" = ${apiKeyId} AND "createdAt" >= ${since} GROUP BY 1
    UNION ALL SELECT ${day}, 'emails', count(*)::int FROM "EmailDelivery"
      WHERE "apiKeyId" = ${apiKeyId} AND "createdAt" >= ${since} GROUP BY 1`;
  return rows.map((r) => ({ day: r.day, metric: r.metric, count: Number(r.count) }));
}

/** Whether the key has ever answered a call with a status below 400 (counters, so it survives the log's bounds). */
export async function hasSuccessfulCall(tx: Reader, apiKeyId: string): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ ok: bigint | number | null }[]>`
    SELECT sum(CASE WHEN "metric" = 'apiCalls' THEN "count" ELSE -"count" END) AS "ok" FROM "UsageDay"
    WHERE "apiKeyId" = ${apiKeyId} AND "metric" IN ('apiCalls', 'apiErrors')`;
  return Number(row?.ok ?? 0) > 0;
}
