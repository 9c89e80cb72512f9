import { afterAll, describe, expect, it } from "vitest";
import { publishPresence, requestCensus, CENSUS_CHANNEL } from "@/lib/domain/crdt/live-presence";
import { reloadEnvForTests } from "@/lib/infra/env";
import { subscribe } from "@/lib/infra/notify-bus";
import { flushRequestLog } from "@/lib/domain/usage/request-log-writer";
import { startRequestLog, stopRequestLog } from "@/lib/server/observers";
import { createCaller } from "@/lib/console/router/app-router";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { IP, owner } from "../helpers/console";
import { watch } from "../helpers/subscription";
import { waitFor } from "../helpers/wait";
import { startReceiver } from "../helpers/webhook-receiver";

// The console's live views through its router's subscriptions, fed by the notify bus: each test opens a
// subscription as the browser would (the caller's async iterable), makes the change happen for real, and
// reads what the subscription pushes.

process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
// Retries after 5 ms, 300 ms, 1.8 s, ...
process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.001";
reloadEnvForTests();

useTestDatabase();

const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/**
 * Makes `change` happen until `event` (the subscription's next event, already asked for) arrives: a subscription
 * starts listening only once it runs, so a change made before that would not be in it.
 */
async function untilEvent<T>(event: Promise<T>, change: () => Promise<unknown>): Promise<T> {
  let arrived = false;
  void event.then(() => (arrived = true));
  for (let i = 0; i < 50 && !arrived; i++) {
    await change();
    await Promise.race([event, new Promise((r) => setTimeout(r, 200))]);
  }
  return event;
}

/** A tracked event as the caller yields it: [id, data]. */
const tracked = <T>(event: unknown) => event as [string, T];

describe("the request log tail", () => {
  it("pushes each call of the key as it is logged, and resumes after the last event without repeats", async () => {
    const w = await newWorkspace();
    const other = await newWorkspace();
    const api = asKey(w);
    startRequestLog();
    closers.push(() => stopRequestLog());
    const target = { workspaceId: w.workspace.id, apiKeyId: w.apiKey, data: {} };
    const tail = await watch((c) => c.usage.tail(target), w.email);

    const [firstId, first] = tracked<{ operation: string; httpStatus: number }>(
      await untilEvent(tail.next(), async () => {
        await asKey(other)("/v2/organizations/get", {}); // another key's call: not in this tail
        await api("/v2/users/get", { organizationId: "o" });
        await flushRequestLog();
      }),
    );
    expect(first).toMatchObject({ operation: "/v2/users/get", httpStatus: 200 });
    tail.stop();

    // The browser reconnects with the last id it saw: the calls after it arrive, that one not again.
    await api("/v2/organizations/get", {});
    await api("/v2/workspace/domains/get", {});
    await flushRequestLog();
    const resumed = await watch((c) => c.usage.tail({ ...target, lastEventId: firstId }), w.email);
    const events: [string, { operation: string }][] = [];
    while (events.at(-1)?.[1].operation !== "/v2/workspace/domains/get") {
      events.push(tracked<{ operation: string }>(await resumed.next()));
    }
    const ids = events.map(([id]) => BigInt(id));
    expect(ids.every((id, i) => id > (i === 0 ? BigInt(firstId) : ids[i - 1]))).toBe(true); // after it, in order, once
    expect(events.map(([, e]) => e.operation).slice(-2)).toEqual([
      "/v2/organizations/get",
      "/v2/workspace/domains/get",
    ]);
  });

  it("is scoped like a query: another owner's key is not found", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const ac = new AbortController();
    const caller = createCaller({ viewer: owner(b.email), clientIp: IP }, { signal: ac.signal });
    await expect(caller.usage.tail({ workspaceId: a.workspace.id, apiKeyId: a.apiKey, data: {} })).rejects.toThrow(
      "API key not found.",
    );
    ac.abort();
  });
});

describe("the webhook delivery feed", () => {
  it("shows a delivery retrying with its next attempt time, then delivered once the receiver recovers", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    let failing = true;
    const receiver = await startReceiver({ respond: () => ({ status: failing ? 503 : 200 }) });
    closers.push(() => receiver.close());
    await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
    const ep = (await api("/v2/workspace/advancedwebhook/endpoints/create", { url: receiver.url })).body.result.data;
    const feed = await watch(
      (c) => c.webhooks.deliveries({ workspaceId: w.workspace.id, apiKeyId: w.apiKey, data: {} }),
      w.email,
    );
    type Change = {
      messageId: string;
      deliveries: { status: string; attempts: number; nextAttemptAt: string | null }[];
    };
    const seen: Change[] = [];
    const until = async (done: (c: Change) => boolean) => {
      for (;;) {
        const [, change] = tracked<Change>(await feed.next());
        seen.push(change);
        if (done(change)) return change;
      }
    };

    const sent = await createCaller({ viewer: owner(w.email), clientIp: IP }).webhooks.sendTest({
      workspaceId: w.workspace.id,
      apiKeyId: w.apiKey,
      data: { endpointId: ep.id },
    });
    const retrying = await until((c) => c.deliveries[0].status === "pending" && c.deliveries[0].attempts > 0);
    expect(retrying.messageId).toBe(sent.messageId);
    expect(Date.parse(retrying.deliveries[0].nextAttemptAt!)).toBeGreaterThan(0);
    failing = false;
    const delivered = await until((c) => c.deliveries[0].status === "success");
    expect(delivered.deliveries[0].nextAttemptAt).toBeNull();
    expect(seen.every((c) => c.messageId === sent.messageId)).toBe(true);
  });
});

describe("live connections", () => {
  it("add up every instance's snapshot of the key, as connections open and close", async () => {
    const w = await newWorkspace();
    const censuses: string[] = [];
    closers.push(subscribe(CENSUS_CHANNEL, (k) => censuses.push(k)));
    const live = await watch(
      (c) => c.live.connections({ workspaceId: w.workspace.id, apiKeyId: w.apiKey, data: {} }),
      w.email,
    );
    expect(await live.next()).toEqual({ sockets: 0, documents: 0, top: [] });
    await waitFor(() => censuses.includes(w.apiKey)); // it asked every instance for its snapshot
    const doc = (documentId: string, connections: number) => ({
      organizationId: "o",
      documentId,
      editorId: "e",
      connections,
    });
    const snapshot = (instance: string, sockets: number, docs: ReturnType<typeof doc>[]) =>
      publishPresence({ instance, apiKeyId: w.apiKey, sockets, documentCount: docs.length, documents: docs });

    await publishPresence({ instance: "x", apiKeyId: "key_other", sockets: 9, documentCount: 1, documents: [] });
    await snapshot("one", 1, [doc("d1", 1)]);
    expect(await live.next()).toEqual({ sockets: 1, documents: 1, top: [doc("d1", 1)] });
    await snapshot("two", 2, [doc("d1", 1), doc("d2", 1)]);
    expect(await live.next()).toEqual({ sockets: 3, documents: 3, top: [doc("d1", 2), doc("d2", 1)] });
    await snapshot("one", 0, []);
    expect(await live.next()).toEqual({ sockets: 2, documents: 2, top: [doc("d1", 1), doc("d2", 1)] });
    await requestCensus(w.apiKey);
  });
});

describe("job progress", () => {
  /** Every event of a job's progress until it completes or fails. */
  async function follow(email: string, target: { workspaceId: string; apiKeyId: string }, kind: string, id: string) {
    const progress = await watch((c) => c.jobs.progress({ ...target, data: { kind, id } }), email);
    const seen: { state: string; done?: number; total?: number }[] = [];
    for (;;) {
      const [, p] = tracked<{ state: string; id: string; done?: number; total?: number }>(await progress.next());
      expect(p.id).toBe(id);
      seen.push({ state: p.state, done: p.done, total: p.total });
      if (p.state === "completed" || p.state === "failed") return seen;
    }
  }

  it("follows an organization purge, counting its rows, until nothing of it is left", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const documents = Array.from({ length: 30 }, (_, i) => ({ documentId: `d${i}` }));
    await api("/v2/organizations/documents/add", { organizationId: "gone", createOrganization: true, documents });
    const target = { workspaceId: w.workspace.id, apiKeyId: w.apiKey };
    await createCaller({ viewer: owner(w.email), clientIp: IP }).v2.organizations.delete({
      ...target,
      data: { organizationIds: ["gone"] },
    });
    const seen = await follow(w.email, target, "organizations.purge", "gone");
    expect(seen[0].state).toBe("pending");
    const counted = seen.filter((p) => p.state === "running");
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.at(-1)!.done).toBe(counted.at(-1)!.total);
    expect(counted.at(-1)!.total).toBeGreaterThanOrEqual(30);
    expect(seen.at(-1)!.state).toBe("completed");
  });

  it("follows a GDPR erase task by task to completed", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/users/add", { organizationId: "o", createOrganization: true, users: [{ userId: "bob" }] });
    const target = { workspaceId: w.workspace.id, apiKeyId: w.apiKey };
    const started = await createCaller({ viewer: owner(w.email), clientIp: IP }).v2.users.data.delete.index({
      ...target,
      data: { userIds: ["bob"] },
    });
    const seen = await follow(w.email, target, "users.erase", started.jobId);
    expect(seen.at(-1)).toEqual({ state: "completed", done: started.tasksCount, total: started.tasksCount });
    const dones = seen.map((p) => p.done ?? 0);
    expect(dones).toEqual([...dones].sort((x, y) => x - y));
  });

  it("follows a document migration from its current state to completed", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: [{ documentId: "old", documentName: "Old" }],
    });
    const started = await api("/v2/organizations/documents/migrate", {
      organizationId: "org",
      documentId: "old",
      newDocumentId: "new",
    });
    const migrationId = started.body.result.data.migrationId as string;
    const progress = await watch(
      (c) =>
        c.jobs.progress({
          workspaceId: w.workspace.id,
          apiKeyId: w.apiKey,
          data: { kind: "documents.migrate", id: migrationId },
        }),
      w.email,
    );
    const states: string[] = [];
    for (;;) {
      const [, p] = tracked<{ state: string; id: string }>(await progress.next());
      expect(p.id).toBe(migrationId);
      states.push(p.state);
      if (p.state === "completed" || p.state === "failed") break;
    }
    expect(states.at(-1)).toBe("completed");
    expect(new Set(states).size).toBe(states.length); // no state twice

    const other = await newWorkspace();
    const ac = new AbortController();
    const asOther = createCaller({ viewer: owner(other.email), clientIp: IP }, { signal: ac.signal });
    const foreign = asOther.jobs.progress({
      workspaceId: other.workspace.id,
      apiKeyId: other.apiKey,
      data: { kind: "documents.migrate", id: migrationId },
    });
    const it = (await foreign)[Symbol.asyncIterator]();
    await expect(it.next()).rejects.toThrow("Job not found.");
    ac.abort();
  });
});
