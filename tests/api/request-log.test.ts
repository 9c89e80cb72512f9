import { describe, expect, it } from "vitest";
import { reportRequest } from "@/lib/api/request-observers";
import type { ApiKeyScope } from "@/lib/domain/scope";
import { getFirstCallStatus, getUsage } from "@/lib/domain/usage/get-usage";
import { listRequestLog } from "@/lib/domain/usage/list-request-log";
import { insertRequestLog, sweepRequestLog, type RequestLogRow } from "@/lib/domain/usage/usage-store";
import { db, transaction } from "@/lib/infra/db";
import { publish } from "@/lib/infra/notify-bus";
import { JOBS_CHANNEL } from "@/lib/infra/jobs/define-job";
import { flushRequestLog } from "@/lib/domain/usage/request-log-writer";
import { startRequestLog, stopRequestLog } from "@/lib/server/observers";
import { apiKeyHeaders, call, newWorkspace, useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

useTestDatabase();

const scopeOf = (w: Awaited<ReturnType<typeof newWorkspace>>): ApiKeyScope => ({
  level: "apiKey",
  workspaceId: w.workspace.id,
  apiKeyId: w.apiKey,
});

const row = (apiKeyId: string, createdAt: Date, i = 0): RequestLogRow => ({
  apiKeyId,
  operation: "/v2/users/get",
  httpStatus: 200,
  durationMs: 3,
  requestId: `r-${i}`,
  createdAt,
});

describe("request log", () => {
  it("logs each key call with its request id, counts usage, and tells the first success", async () => {
    const w = await newWorkspace();
    startRequestLog();
    try {
      expect(await getFirstCallStatus(scopeOf(w), db())).toEqual({ succeeded: false });
      const denied = await call("/v2/users/get", { organizationId: "o" }, { headers: apiKeyHeaders(w.apiKey, "bad") });
      expect(denied.status).toBe(403);
      await flushRequestLog();
      expect(await getFirstCallStatus(scopeOf(w), db())).toEqual({ succeeded: false });

      const ok = await call(
        "/v2/users/get",
        { organizationId: "o" },
        { headers: { ...w.key, "x-request-id": "rl-1" } },
      );
      expect(ok.status).toBe(200);
      const bad = await call("/v2/users/get", { nope: 1 }, { headers: { ...w.key, "x-request-id": "rl-2" } });
      expect(bad.status).toBe(400);
      await flushRequestLog();
    } finally {
      await stopRequestLog();
    }

    const all = await listRequestLog(scopeOf(w), {}, db());
    // The refused call named the key with a wrong token: it is in the key's log, its reason with it.
    expect(all.requests.map((r) => [r.requestId, r.operation, r.httpStatus, r.errorStatus])).toEqual([
      ["rl-2", "/v2/users/get", 400, "INVALID_ARGUMENT"],
      ["rl-1", "/v2/users/get", 200, null],
      [expect.any(String), "/v2/users/get", 403, "PERMISSION_DENIED"],
    ]);
    expect(all.operations).toEqual(["/v2/users/get"]);
    const errors = await listRequestLog(scopeOf(w), { outcome: "clientError" }, db());
    expect(errors.requests.map((r) => r.errorStatus)).toEqual(["INVALID_ARGUMENT", "PERMISSION_DENIED"]);
    const paged = await listRequestLog(scopeOf(w), { limit: 1 }, db());
    expect(paged.requests.map((r) => r.requestId)).toEqual(["rl-2"]);
    const rest = await listRequestLog(scopeOf(w), { limit: 1, before: paged.nextBefore }, db());
    expect(rest.requests.map((r) => r.requestId)).toEqual(["rl-1"]);
    expect(rest.nextBefore).toBeDefined();

    expect(await getFirstCallStatus(scopeOf(w), db())).toEqual({ succeeded: true });
    const usage = await getUsage(scopeOf(w), {}, db());
    expect(usage.days).toHaveLength(30);
    expect(usage.days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), apiCalls: 3, apiErrors: 2 });
    expect(usage.days.slice(0, -1).every((d) => d.apiCalls === 0)).toBe(true);
  });

  it("flushes in batches of multi-row inserts and adds counters across flushes", async () => {
    const w = await newWorkspace();
    startRequestLog();
    try {
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 700; i++) {
          reportRequest({
            operation: "/v2/documents/get",
            httpStatus: i % 7 === 0 ? 500 : 200,
            errorStatus: i % 7 === 0 ? "INTERNAL" : undefined,
            durationMs: 1.4,
            requestId: `b-${round}-${i}`,
            workspaceId: w.workspace.id,
            apiKeyId: w.apiKey,
          });
        }
        await flushRequestLog();
      }
    } finally {
      await stopRequestLog();
    }
    expect(await db().apiRequestLog.count({ where: { apiKeyId: w.apiKey } })).toBe(1400);
    const counters = await db().usageDay.findMany({ where: { apiKeyId: w.apiKey }, orderBy: { metric: "asc" } });
    expect(counters.map((c) => [c.metric, c.count])).toEqual([
      ["apiCalls", 1400],
      ["apiErrors", 200],
    ]);
    const server = await listRequestLog(
      { level: "apiKey", workspaceId: "", apiKeyId: w.apiKey },
      { outcome: "serverError", limit: 200 },
      db(),
    );
    expect(server.requests).toHaveLength(200);
  });

  it("keeps a batch whose call echoes a lone surrogate, as the replacement character", async () => {
    const w = await newWorkspace();
    await transaction((tx) =>
      insertRequestLog(tx, [
        { ...row(w.apiKey, new Date(), 1), errorMessage: "Invalid name \ud800.", responseBody: '{"a":"\\ud800"}' },
        row(w.apiKey, new Date(), 2),
      ]),
    );
    const kept = await db().apiRequestLog.findMany({ where: { apiKeyId: w.apiKey }, orderBy: { id: "asc" } });
    expect(kept.map((r) => [r.requestId, r.errorMessage, r.responseBody])).toEqual([
      ["r-1", "Invalid name \ufffd.", '{"a":"\\ud800"}'],
      ["r-2", null, null],
    ]);
  });

  it("sweeps the log down to the newest 1,000 rows per key (and unattributed) and 7 days", async () => {
    const [a, b] = [await newWorkspace(), await newWorkspace()];
    const now = Date.now();
    const old = new Date(now - 8 * 24 * 3600_000);
    const unattributed = (i: number) => ({ ...row("", new Date(now - 100_000 + i), i), apiKeyId: undefined });
    await transaction((tx) =>
      insertRequestLog(tx, [
        ...Array.from({ length: 1005 }, (_, i) => row(a.apiKey, new Date(now - 100_000 + i), i)),
        ...Array.from({ length: 1003 }, (_, i) => unattributed(i)),
        row(b.apiKey, old, 1),
        row(b.apiKey, new Date(now), 2),
      ]),
    );
    const removed = await transaction((tx) =>
      sweepRequestLog(tx, { perKey: 1000, before: new Date(now - 7 * 24 * 3600_000), usageBefore: old }),
    );
    expect(removed).toBeGreaterThanOrEqual(6); // and the surplus of the keys of earlier tests
    const kept = await db().apiRequestLog.findMany({ where: { apiKeyId: a.apiKey }, orderBy: { createdAt: "asc" } });
    expect(kept).toHaveLength(1000);
    expect(kept[0].requestId).toBe("r-5");
    expect((await db().apiRequestLog.findMany({ where: { apiKeyId: b.apiKey } })).map((r) => r.requestId)).toEqual([
      "r-2",
    ]);
    expect(await db().apiRequestLog.count({ where: { apiKeyId: null } })).toBe(1000);
  });

  it("runs the sweep as a periodic job that stays scheduled", async () => {
    const w = await newWorkspace();
    const job = await db().job.findUniqueOrThrow({ where: { id: "periodic_usage.sweep" } });
    expect(job.kind).toBe("usage.sweep");
    await transaction((tx) => insertRequestLog(tx, [row(w.apiKey, new Date(Date.now() - 8 * 24 * 3600_000))]));
    const due = new Date();
    await db().job.update({ where: { id: job.id }, data: { runAt: due } });
    await publish(JOBS_CHANNEL, "usage.sweep");
    await waitFor(async () => (await db().apiRequestLog.count({ where: { apiKeyId: w.apiKey } })) === 0);
    await waitFor(async () => {
      const after = await db().job.findUniqueOrThrow({ where: { id: job.id } });
      return after.status === "pending" && after.runAt.getTime() > due.getTime() + 30_000;
    });
  });
});
