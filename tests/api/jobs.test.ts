import { describe, expect, it } from "vitest";
import { db, transaction } from "@/lib/infra/db";
import { defineJob } from "@/lib/infra/jobs";
import { useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

// The job queue's promise to domain code: a job enqueued in a transaction runs once if the transaction
// commits, never if it rolls back, and is retried when its handler fails.

const seen: string[] = [];
let failuresLeft = 1;
const record = defineJob<{ tag: string }>("test.record", async ({ tag }) => {
  seen.push(tag);
});
const flaky = defineJob<{ tag: string }>(
  "test.flaky",
  async ({ tag }) => {
    if (failuresLeft-- > 0) throw new Error("first attempt fails");
    seen.push(tag);
  },
  { retryDelay: 1, retryBackoff: false },
);

useTestDatabase();

describe("jobs", () => {
  it("runs a job enqueued in a committed transaction, and not one whose transaction rolled back", async () => {
    await transaction((tx) => record.enqueue(tx, { tag: "committed" }));
    await transaction(async (tx) => {
        await record.enqueue(tx, { tag: "rolled-back" });
        throw new Error("abort");
      })
      .catch(() => {});
    await waitFor(() => seen.includes("committed"), 15_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen.filter((t) => t === "committed")).toHaveLength(1);
    expect(seen).not.toContain("rolled-back");
  });

  it("retries a failing job", async () => {
    await transaction((tx) => flaky.enqueue(tx, { tag: "eventually" }));
    await waitFor(() => seen.includes("eventually"), 20_000);
    expect(failuresLeft).toBeLessThan(0);
  });
});
