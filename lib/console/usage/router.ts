import { tracked } from "@trpc/server";
import { z } from "zod";
import { getFirstCallStatus, getUsage, getUsageInput } from "@/lib/domain/usage/get-usage";
import {
  getRequestDetail,
  getRequestDetailInput,
  listRequestLog,
  listRequestLogAfter,
  listRequestLogInput,
} from "@/lib/domain/usage/list-request-log";
import { mentionsKey, REQUEST_LOG_CHANNEL } from "@/lib/domain/usage/request-log-events";
import { db } from "@/lib/infra/db";
import { busFeed } from "../live/bus-feed";
import { scopedInput } from "../router/scoped-input";
import { apiKeyProcedure, router } from "../router/trpc";

// A key's traffic as the console shows it: the request log (and its live tail), the getting-started check and
// daily usage.

/** Rows read per notification (a flush of a busy key); the rest come with the next read. */
const TAIL_BATCH = 200;

export const usageRouter = router({
  requests: apiKeyProcedure
    .input(scopedInput("apiKey", listRequestLogInput))
    .query(({ ctx, input }) => listRequestLog(ctx.scope, input.data, db())),

  /** One call in full: headers and bodies as the log kept them (every secret redacted when it was written). */
  request: apiKeyProcedure
    .input(scopedInput("apiKey", getRequestDetailInput))
    .query(({ ctx, input }) => getRequestDetail(ctx.scope, input.data, db())),

  /**
   * The key's calls as they are logged, oldest first, each tracked by its row id: a client that reconnects
   * (tRPC sends the last id it saw) gets the rows after it, none twice. Fed by the request log's flush
   * (lib/domain/usage/request-log-events.ts) on every instance.
   */
  tail: apiKeyProcedure.input(scopedInput("apiKey", z.strictObject({}))).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    const scope = ctx.scope;
    const feed = busFeed([REQUEST_LOG_CHANNEL], (p) => mentionsKey(p, scope.apiKeyId), signal);
    await feed.ready;
    const resumed = input.lastEventId !== undefined && /^\d{1,19}$/.test(input.lastEventId);
    let cursor = resumed ? input.lastEventId : (await listRequestLogAfter(scope, undefined, 1, db()))[0]?.id;
    const readNew = async function* () {
      for (;;) {
        const rows = await listRequestLogAfter(scope, cursor ?? "0", TAIL_BATCH, db());
        for (const row of rows) {
          cursor = row.id;
          yield tracked(row.id, row);
        }
        if (rows.length < TAIL_BATCH) return;
      }
    };
    try {
      if (resumed) yield* readNew();
      for await (const _ of feed) yield* readNew();
    } finally {
      await feed.return(undefined);
    }
  }),

  firstCall: apiKeyProcedure
    .input(scopedInput("apiKey", z.strictObject({})))
    .query(({ ctx }) => getFirstCallStatus(ctx.scope, db())),

  days: apiKeyProcedure
    .input(scopedInput("apiKey", getUsageInput))
    .query(({ ctx, input }) => getUsage(ctx.scope, input.data, db())),
});
