import { transaction } from "@/lib/infra/db";
import { errorFields, log } from "@/lib/infra/log";
import { processSlot } from "@/lib/infra/process-state";
import { keptExchange, type RawExchange } from "./kept-exchange";
import {
  addUsage,
  insertRequestLog,
  lockLiveKeys,
  type RequestLogRow,
  type UsageCounter,
  type UsageIncrement,
} from "./usage-store";
import { publishRequestLogKeys } from "./request-log-events";

// The console's request log and usage counters, fed by the request observers (lib/server/observers.ts) and
// the live server without a write per request: calls are buffered in memory and flushed in batches (every
// 250 ms, or at once when a batch is full) as one multi-row INSERT plus one counter upsert, in one transaction,
// which also tells the console's live tail which keys have new rows (a second's wait would be visible there; an
// empty buffer costs no query). Best-effort by design: if the database refuses a
// batch, it is dropped and logged; when the buffer is full (a database that is down), new calls are not logged.
// Calls of a key deleted since they were answered are dropped (lockLiveKeys), so a deletion leaves none behind.

const FLUSH_EVERY_MS = 250;
const BATCH_ROWS = 500;
const MAX_BUFFERED = 20_000;

/** A call as buffered: its exchange still raw, redacted and cut only at the flush (off the request path). */
type BufferedRow = RequestLogRow & { exchange?: RawExchange };

interface State {
  rows: BufferedRow[];
  /** Body bytes held by `rows`: past MAX_BUFFERED_BODY_BYTES new calls are buffered without their bodies. */
  bodyBytes: number;
  counters: Map<string, UsageIncrement>;
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
  dropped: number;
}

const state = processSlot<State>("requestLog", () => ({ rows: [], bodyBytes: 0, counters: new Map(), dropped: 0 }));

const MAX_BUFFERED_BODY_BYTES = 32 * 1024 * 1024;

/** One answered API call, as the request observers report it. */
export interface LoggedCall {
  operation: string;
  httpStatus: number;
  errorStatus?: string;
  /** The path of an input field that failed validation (`users[2].userId`). */
  errorField?: string;
  durationMs: number;
  requestId: string;
  workspaceId?: string;
  apiKeyId?: string;
  /** The API key id the request's headers named when it was refused before a key was known (unknown key). */
  claimedApiKey?: string;
  clientIp?: string;
  /** The call as received and answered, raw: redacted at the flush. */
  exchange?: RawExchange;
}

/** Counts `n` of `metric` for the key today (UTC); flushed with the next batch. */
export function recordUsage(apiKeyId: string, metric: UsageCounter, n = 1, at = new Date()) {
  const day = at.toISOString().slice(0, 10);
  const id = `${apiKeyId}\u0000${day}\u0000${metric}`;
  const current = state.counters.get(id);
  if (current) current.count += n;
  else state.counters.set(id, { apiKeyId, day, metric, count: n });
}

function bodyBytes(e: RawExchange | undefined): number {
  return (e?.requestBody?.length ?? 0) + (e?.responseBody?.length ?? 0);
}

/**
 * Buffers an answered call. A key's calls, refused ones included, go to its log; a call that named a key which
 * does not exist is kept unattributed (the operator's to see). Workspace-level and public calls name no key and
 * are not kept.
 */
export function logRequest(r: LoggedCall) {
  if (!r.apiKeyId && !r.claimedApiKey) return;
  const at = new Date();
  if (r.apiKeyId) {
    recordUsage(r.apiKeyId, "apiCalls", 1, at);
    if (r.httpStatus >= 400) recordUsage(r.apiKeyId, "apiErrors", 1, at);
  }
  if (state.rows.length >= MAX_BUFFERED) {
    state.dropped++;
    return;
  }
  const size = bodyBytes(r.exchange);
  const exchange =
    r.exchange && state.bodyBytes + size > MAX_BUFFERED_BODY_BYTES
      ? { ...r.exchange, requestBody: undefined, responseBody: undefined }
      : r.exchange;
  state.bodyBytes += bodyBytes(exchange);
  state.rows.push({
    apiKeyId: r.apiKeyId,
    workspaceId: r.workspaceId,
    claimedApiKey: r.apiKeyId ? undefined : r.claimedApiKey?.slice(0, 200),
    operation: r.operation.slice(0, 200),
    httpStatus: r.httpStatus,
    errorStatus: r.errorStatus,
    errorField: r.errorField?.slice(0, 500),
    durationMs: Math.max(0, Math.round(r.durationMs)),
    requestId: r.requestId.slice(0, 200),
    clientIp: r.clientIp?.slice(0, 100),
    createdAt: at,
    exchange,
  });
  if (state.rows.length === BATCH_ROWS) setImmediate(() => void flushRequestLog());
}

/** Writes what is buffered (one batch at a time); resolves once it is written or dropped. */
export function flushRequestLog(): Promise<void> {
  const run = async (): Promise<void> => {
    while (state.rows.length > 0 || state.counters.size > 0) {
      const buffered = state.rows.splice(0, BATCH_ROWS);
      for (const row of buffered) state.bodyBytes -= bodyBytes(row.exchange);
      const rows = buffered.map(({ exchange, ...row }) => ({ ...row, ...(exchange && keptExchange(exchange)) }));
      const counters = [...state.counters.values()];
      state.counters.clear();
      try {
        await transaction(async (tx) => {
          const named = [...rows, ...counters].flatMap((r) => (r.apiKeyId ? [r.apiKeyId] : []));
          const live = await lockLiveKeys(tx, [...new Set(named)]);
          // Unattributed calls (no key) are kept; a deleted key's are not.
          const kept = rows.filter((r) => !r.apiKeyId || live.has(r.apiKeyId));
          await insertRequestLog(tx, kept);
          await addUsage(
            tx,
            counters.filter((c) => live.has(c.apiKeyId)),
          );
          await publishRequestLogKeys(
            tx,
            kept.flatMap((r) => (r.apiKeyId ? [r.apiKeyId] : [])),
          );
        });
      } catch (e) {
        log.warn("writing the request log failed; the batch is dropped", { rows: rows.length, ...errorFields(e) });
        return;
      }
    }
    if (state.dropped > 0) {
      log.warn("request log buffer was full; calls were not logged", { dropped: state.dropped });
      state.dropped = 0;
    }
  };
  const next = (state.flushing ?? Promise.resolve()).then(run);
  state.flushing = next;
  void next.finally(() => {
    if (state.flushing === next) state.flushing = undefined;
  });
  return next;
}

/** Start-up: flush every FLUSH_EVERY_MS from now on. */
export function startFlushingRequestLog() {
  if (state.timer) return;
  state.timer = setInterval(() => void flushRequestLog(), FLUSH_EVERY_MS);
  state.timer.unref();
}

/** Shutdown: stop the timer and write what is left (best-effort). */
export async function stopFlushingRequestLog() {
  clearInterval(state.timer);
  state.timer = undefined;
  await flushRequestLog();
}
