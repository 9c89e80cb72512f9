import { tracked } from "@trpc/server";
import { z } from "zod";
import { notFound } from "@/lib/domain/errors";
import { JOB_PROGRESS_CHANNEL, type JobProgress } from "@/lib/domain/jobs/job-progress";
import { isFinished } from "@/lib/domain/jobs/job-state";
import { db } from "@/lib/infra/db";
import { parsePayload } from "@/lib/infra/notify-bus";
import { busFeed, RESYNC } from "../live/bus-feed";
import { scopedInput } from "../router/scoped-input";
import { apiKeyProcedure, router } from "../router/trpc";
import { progressSources } from "./progress-sources";

// A long job's progress, live: its current state, then every change until it completes or fails.

export const JOB_NOT_FOUND = "Job not found.";

const progressInput = z.strictObject({ kind: z.string().min(1).max(100), id: z.string().min(1).max(200) });

/** What an event shows (its state and count): one event each, however often it is read or reported. */
const shown = (p: JobProgress) => `${p.state}/${p.done ?? ""}`;
/** An event's id: when it was reached, then what it shows. */
const eventId = (p: JobProgress) => `${p.at}|${shown(p)}`;

export const jobsRouter = router({
  progress: apiKeyProcedure.input(scopedInput("apiKey", progressInput)).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    const scope = ctx.scope;
    const { kind, id } = input.data;
    const source = progressSources.find((s) => s.kind === kind);
    if (!source) throw notFound(JOB_NOT_FOUND);
    const feed = busFeed(
      [JOB_PROGRESS_CHANNEL],
      (p) => {
        const e = parsePayload<JobProgress>(p);
        return e?.kind === kind && e.id === id && e.apiKeyId === scope.apiKeyId;
      },
      signal,
    );
    await feed.ready;
    let last = input.lastEventId?.split("|")[1];
    const current = async () => {
      const now = await source.read(scope, id, db());
      if (!now) throw notFound(JOB_NOT_FOUND);
      return now;
    };
    try {
      let progress = await current();
      for (;;) {
        if (shown(progress) !== last) {
          last = shown(progress);
          yield tracked(eventId(progress), progress);
        }
        if (isFinished(progress.state)) return;
        const next = await feed.next();
        if (next.done) return;
        progress = next.value === RESYNC ? await current() : (parsePayload<JobProgress>(next.value) as JobProgress);
      }
    } finally {
      await feed.return(undefined);
    }
  }),
});
