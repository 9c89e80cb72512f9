import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weftEventTypes } from "@/lib/domain/events/event";
import { TEST_EVENT_TYPE, webhookBodySchema } from "@/lib/domain/webhooks/event-types";
import { reloadEnvForTests } from "@/lib/infra/env";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { consoleAs, owner, refusal } from "../helpers/console";
import { waitFor } from "../helpers/wait";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

// The webhook pages' server side: the event catalog (schemas and examples from the code that builds real
// events), "Send example" of a chosen type, attempts numbered and labelled by cause, "Recover failed messages".

const receivers: Receiver[] = [];
beforeAll(() => {
  process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
  // The whole retry schedule (about 33 hours) in about a second; disabling after 5 days of failure: 4 s.
  process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.00001";
  reloadEnvForTests();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

useTestDatabase();

async function keyWithEndpoint(receiver: Receiver) {
  const w = await newWorkspace();
  const api = asKey(w);
  await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
  const endpointId = (await api("/v2/workspace/advancedwebhook/endpoints/create", { url: receiver.url })).body.result
    .data.id as string;
  receiver.setSecrets([
    (await api("/v2/workspace/advancedwebhook/endpoints/secret/get", { endpointId })).body.result.data.secret,
  ]);
  const target = { workspaceId: w.workspace.id, apiKeyId: w.apiKey };
  return { w, api, endpointId, target, console: consoleAs(owner(w.email)) };
}

const receiverOf = async (opts: Parameters<typeof startReceiver>[0] = {}) => {
  const r = await startReceiver(opts);
  receivers.push(r);
  return r;
};

describe("the event catalog", () => {
  it("lists every event type weft sends, each example valid against its own schema", async () => {
    const w = await newWorkspace();
    const catalog = await consoleAs(owner(w.email)).webhooks.eventTypes({
      workspaceId: w.workspace.id,
      apiKeyId: w.apiKey,
      data: {},
    });
    expect(catalog.map((t) => t.type)).toEqual([...weftEventTypes, TEST_EVENT_TYPE]);
    for (const t of catalog) {
      // Strict schemas, parsed back to the same value: nothing in the example is undeclared, nothing missing.
      expect(webhookBodySchema(t.type)!.parse(t.example), t.type).toEqual(t.example);
      expect(t.example).toMatchObject({ type: t.type, timestamp: "2026-01-15T10:42:00.000Z" });
      expect(t.schema).toMatchObject({ type: "object", properties: { type: { const: t.type } } });
      expect(t.label.length).toBeGreaterThan(0);
    }
    expect(catalog.find((t) => t.type === "reaction.add")!.schema).toMatchObject({
      required: expect.arrayContaining(["type", "timestamp", "data"]),
      properties: { data: { required: expect.arrayContaining(["reaction", "comment", "commentAnnotation"]) } },
    });
  });

  it("describes what real comment changes deliver, type by type", async () => {
    const receiver = await receiverOf();
    const { api } = await keyWithEndpoint(receiver);
    const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };
    const where = { organizationId: "org", documentId: "doc" };
    await api("/v2/commentannotations/add", {
      ...where,
      commentAnnotations: [{ annotationId: "a1", commentData: [{ commentText: "First", from: ada }] }],
    });
    await waitFor(() => receiver.received.length === 1);
    const commentId = (receiver.received[0].json as { data: { comment: { commentId: number } } }).data.comment
      .commentId;
    await api("/v2/commentannotations/comments/add", {
      ...where,
      annotationId: "a1",
      commentData: [{ commentText: "Second", from: ada }],
    });
    await api("/v2/commentannotations/comments/reactions/add", {
      ...where,
      annotationId: "a1",
      commentId,
      icon: "tada",
      from: ada,
    });
    await api("/v2/commentannotations/update", {
      ...where,
      annotationIds: ["a1"],
      updatedData: { status: { id: "resolved", name: "Resolved", type: "terminal" } },
    });
    await waitFor(() => receiver.received.length === 4);
    // Deliveries to one endpoint run concurrently (the worker's per-target limit), so they may arrive in any order.
    const types = receiver.received.map((r) => (r.json as { type: string }).type);
    expect(types.sort()).toEqual(
      ["comment_annotation.add", "comment.add", "reaction.add", "comment_annotation.status_change"].sort(),
    );
    for (const r of receiver.received) {
      const body = r.json as { type: string };
      expect(webhookBodySchema(body.type)!.parse(body), body.type).toEqual(body);
    }
  });
});

describe("sending and resending", () => {
  it("sends an example of a chosen type, signed, and numbers attempts across resends by cause", async () => {
    // Fails the first two requests, then takes everything.
    const receiver = await receiverOf({ respond: ({ count }) => ({ status: count <= 2 ? 503 : 200 }) });
    const { api, endpointId, target, console } = await keyWithEndpoint(receiver);
    const sent = await console.webhooks.sendTest({ ...target, data: { endpointId, eventType: "reaction.add" } });
    expect(sent.eventType).toBe("reaction.add");
    await waitFor(() => receiver.received.length === 1);
    const body = receiver.received[0].json as { type: string; data: { metadata: { apiKey: string } } };
    expect(receiver.received[0].verifiedWith).toEqual([0]);
    expect(body.type).toBe("reaction.add");
    expect(body.data.metadata.apiKey).toBe(target.apiKeyId);
    expect(webhookBodySchema("reaction.add")!.parse(body)).toEqual(body);

    await console.v2.workspace.advancedwebhook.messages.resend({
      ...target,
      data: { messageId: sent.messageId, endpointId },
    });
    await waitFor(() => receiver.received.length === 2);
    const attempts = async () =>
      (
        await api("/v2/workspace/advancedwebhook/attempts/get", { messageId: sent.messageId })
      ).body.result.data.attempts.map((a: { attempt: number; cause: string; retry: number | null; status: string }) => [
        a.attempt,
        a.cause,
        a.retry,
        a.status,
      ]);
    await waitFor(async () => (await attempts()).length === 4);
    expect(await attempts()).toEqual([
      [4, "manual", null, "success"],
      [3, "retry", 2, "success"],
      [2, "retry", 1, "failed"],
      [1, "test", null, "failed"],
    ]);
  });

  it("refuses an event type weft does not send, naming the field", async () => {
    const { endpointId, target, console } = await keyWithEndpoint(await receiverOf());
    const refused = await refusal(
      console.webhooks.sendTest({ ...target, data: { endpointId, eventType: "order.created" as "comment.add" } }),
    );
    expect(refused).toMatchObject({ status: "INVALID_ARGUMENT", field: "eventType" });
  });

  it("recovers the messages that failed for good since a time, and only those", async () => {
    const receiver = await receiverOf({ respond: () => ({ status: 500 }) });
    const { endpointId, target, console } = await keyWithEndpoint(receiver);
    const since = new Date().toISOString();
    const first = await console.webhooks.sendTest({ ...target, data: { endpointId } });
    const second = await console.webhooks.sendTest({ ...target, data: { endpointId, eventType: "comment.add" } });
    const failedFor = async (messageId: string) =>
      (await console.webhooks.deliveryLog({ ...target, data: { limit: 10 } })).messages.find((m) => m.id === messageId)
        ?.deliveries[0].status === "failed";
    await waitFor(async () => (await failedFor(first.messageId)) && (await failedFor(second.messageId)));
    const tried = receiver.requests();

    receiver.setRespond(() => ({ status: 200 }));
    const recovered = await console.webhooks.recover({ ...target, data: { endpointId, since } });
    expect(recovered).toEqual({ endpointId, recovered: 2 });
    await waitFor(() => receiver.received.length === 2);
    expect(receiver.requests()).toBe(tried + 2);
    const last = (await console.v2.workspace.advancedwebhook.attempts.get({ ...target, data: { endpointId } }))
      .attempts[0];
    expect(last).toMatchObject({ cause: "manual", attempt: 9, status: "success" });

    expect(await console.webhooks.recover({ ...target, data: { endpointId, since } })).toEqual({
      endpointId,
      recovered: 0,
    });
  });
});
