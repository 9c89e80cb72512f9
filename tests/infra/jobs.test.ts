import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db, transaction } from "@/lib/infra/db";
import { defineJob } from "@/lib/infra/jobs/define-job";
import { startJobs, stopJobs } from "@/lib/infra/jobs/job-worker";
import { useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

// The job queue's promise to domain code: a job enqueued in a transaction runs once if the transaction
// commits, never if it rolls back, and is retried when its handler fails.

const seen: string[] = [];
let failuresLeft = 1;
const payload = z.object({ tag: z.string() });
const retry = { delaysMs: [1000, 5000] };
// One at a time, so jobs run in the order they were enqueued.
const record = defineJob({
  kind: "test.record",
  payload,
  retry,
  run: async ({ tag }) => {
    seen.push(tag);
  },
  concurrency: 1,
});
// Retried after 1 s, then 5 s.
const flaky = defineJob({
  kind: "test.flaky",
  payload,
  retry,
  run: async ({ tag }) => {
    if (failuresLeft-- > 0) throw new Error("first attempt fails");
    seen.push(tag);
  },
});

// Blocks on its first run until `unblock` is called: a job still running when the process stops.
const runs: string[] = [];
let unblock: () => void = () => {};
const slow = defineJob({
  kind: "test.slow",
  payload,
  retry,
  run: async ({ tag }) => {
    runs.push(tag);
    if (runs.length === 1) await new Promise<void>((resolve) => (unblock = resolve));
  },
});

useTestDatabase();

// This file's worker runs this file's kinds.
const startTestJobs = () => startJobs({ kinds: [record, flaky, slow] });
beforeAll(startTestJobs);

describe("jobs", () => {
  it("runs a job enqueued in a committed transaction, and not one whose transaction rolled back", async () => {
    await transaction(async (tx) => {
      await record.enqueue(tx, { tag: "rolled-back" });
      throw new Error("abort");
    }).catch(() => {});
    const id = await transaction((tx) => record.enqueue(tx, { tag: "committed" }));
    // The job's final state is recorded after its handler returned; a job enqueued before it ran before it.
    await waitFor(async () => (await db().job.findUnique({ where: { id } }))?.status === "done", 15_000, 20);
    expect(seen.filter((t) => t === "committed")).toHaveLength(1);
    expect(seen).not.toContain("rolled-back");
    expect(await db().job.count({ where: { kind: "test.record" } })).toBe(1);
  });

  it("retries a failing job", async () => {
    const id = await transaction((tx) => flaky.enqueue(tx, { tag: "eventually" }));
    await waitFor(async () => (await db().job.findUnique({ where: { id } }))?.status === "done", 20_000, 20);
    expect(seen.filter((t) => t === "eventually")).toHaveLength(1);
    expect(await db().job.findUnique({ where: { id }, select: { attempts: true, lastError: true } })).toEqual({
      attempts: 2,
      lastError: null,
    });
  });

  it("at the shutdown deadline, releases a job still running, its attempt uncounted, and it runs once after", async () => {
    const id = await transaction((tx) => slow.enqueue(tx, { tag: "slow" }));
    await waitFor(async () => (await db().job.findUnique({ where: { id } }))?.status === "running", 15_000, 20);

    await stopJobs({ deadline: Date.now() + 300 });
    expect(await db().job.findUnique({ where: { id }, select: { status: true, attempts: true } })).toEqual({
      status: "pending",
      attempts: 0,
    });
    unblock(); // the abandoned run ends after its release: its outcome is not recorded
    await startTestJobs();
    await waitFor(async () => (await db().job.findUnique({ where: { id } }))?.status === "done", 15_000, 20);
    expect(await db().job.findUnique({ where: { id }, select: { attempts: true } })).toEqual({ attempts: 1 });
    expect(runs).toEqual(["slow", "slow"]);
  });
});
