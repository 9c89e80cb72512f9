import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { webhookTokenAad } from "@/lib/domain/webhooks/webhook-settings";
import { sealSetting } from "@/lib/infra/crypto";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { emitEvent } from "../helpers/emit-event";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { waitFor } from "../helpers/wait";

// Deliveries to real local receivers that verify Standard Webhooks signatures with the standardwebhooks
// package. Retry delays run at 1/1000 (5 ms, 300 ms, 1.8 s, 7.2 s, ...).

process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.001";
reloadEnvForTests();

useTestDatabase();

const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(opts: Parameters<typeof startReceiver>[0] = {}) {
  const r = await startReceiver(opts);
  receivers.push(r);
  return r;
}

type Api = ReturnType<typeof asKey>;

async function enabledWorkspace() {
  const w = await newWorkspace();
  const api = asKey(w);
  await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
  return { w, api };
}

async function addEndpoint(api: Api, data: Record<string, unknown>) {
  const ep = (await api("/v2/workspace/advancedwebhook/endpoints/create", data)).body.result.data;
  const secret = (await api("/v2/workspace/advancedwebhook/endpoints/secret/get", { endpointId: ep.id })).body.result
    .data.secret as string;
  return { ep, secret };
}

const attempts = async (api: Api, data: Record<string, unknown>) =>
  (await api("/v2/workspace/advancedwebhook/attempts/get", data)).body.result.data.attempts;

describe("advanced webhook delivery", () => {
  it("delivers a signed {type, timestamp, data} payload only to endpoints whose filterTypes match", async () => {
    const { w, api } = await enabledWorkspace();
    const all = await receiver();
    const updatesOnly = await receiver();
    const a = await addEndpoint(api, { url: all.url });
    const b = await addEndpoint(api, { url: updatesOnly.url, filterTypes: ["comment.update"] });
    all.setSecrets([a.secret]);
    updatesOnly.setSecrets([b.secret]);
    const event = await emitEvent(w.apiKey, { type: "comment.add", data: { commentText: "hello" } });
    await waitFor(() => all.received.length === 1);
    const got = all.received[0];
    expect(got.json).toEqual({
      type: "comment.add",
      timestamp: new Date(event.timestamp).toISOString(),
      data: { commentText: "hello" },
    });
    expect(got.headers["webhook-id"]).toMatch(/^msg_/);
    expect(Number(got.headers["webhook-timestamp"])).toBeCloseTo(Date.now() / 1000, -1);
    expect(() => new Webhook(b.secret).verify(got.body, got.headers as Record<string, string>)).toThrow();
    await emitEvent(w.apiKey, { type: "comment.update" });
    await waitFor(() => updatesOnly.received.length === 1 && all.received.length === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(updatesOnly.received.map((r) => (r.json as { type: string }).type)).toEqual(["comment.update"]);
    expect(all.rejected).toEqual([]);

    const recorded = async () =>
      (await api("/v2/workspace/advancedwebhook/messages/get", { endpointId: b.ep.id })).body.result;
    // The outcome is recorded right after the receiver answers.
    await waitFor(async () =>
      (await recorded()).data.messages[0]?.deliveries.every((d: { status: string }) => d.status === "success"),
    );
    const messages = await recorded();
    expect(messages.message).toBe("Advanced webhook messages retrieved successfully.");
    expect(messages.data.messages).toHaveLength(1);
    expect(messages.data.messages[0].eventType).toBe("comment.update");
    expect(messages.data.messages[0].deliveries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          target: "endpoint",
          endpointId: b.ep.id,
          status: "success",
          attempts: 1,
          nextAttemptAt: null,
        }),
      ]),
    );
  });

  it("retries a receiver that is down for its first 3 attempts and delivers exactly once after it recovers", async () => {
    const { w, api } = await enabledWorkspace();
    const r = await receiver();
    const { ep, secret } = await addEndpoint(api, { url: r.url });
    r.setSecrets([secret]);
    await r.down();
    await emitEvent(w.apiKey);
    await waitFor(async () => (await attempts(api, { endpointId: ep.id })).length >= 3, 10_000, 50);
    await r.up();
    await waitFor(() => r.received.length === 1, 15_000);
    await waitFor(async () => (await attempts(api, { endpointId: ep.id }))[0]?.status === "success");
    await new Promise((res) => setTimeout(res, 2500));
    expect(r.received).toHaveLength(1);
    const log = await attempts(api, { endpointId: ep.id });
    expect(log.map((a: { status: string }) => a.status)).toEqual(["success", "failed", "failed", "failed"]);
    expect(log[0]).toMatchObject({ responseStatusCode: 200, response: "ok", trigger: "scheduled" });
    expect(log[1]).toMatchObject({ responseStatusCode: 0, error: expect.stringContaining("connection failed") });
    // The schedule: 5 s, 5 min, 30 min after the previous attempt, at 1/1000 speed.
    const times = log.map((a: { timestamp: string }) => Date.parse(a.timestamp)).reverse();
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(290);
    expect(times[3] - times[2]).toBeGreaterThanOrEqual(1700);
  });

  it("records status, duration and a response excerpt of failed attempts, gives up after 8, and can resend", async () => {
    const { w, api } = await enabledWorkspace();
    const r = await receiver({ respond: () => ({ status: 503 }) });
    const { ep, secret } = await addEndpoint(api, { url: r.url });
    r.setSecrets([secret]);
    process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.00002";
    reloadEnvForTests();
    try {
      await emitEvent(w.apiKey);
      await waitFor(async () => (await attempts(api, { endpointId: ep.id })).length === 8, 15_000);
      await new Promise((res) => setTimeout(res, 300));
      const log = await attempts(api, { endpointId: ep.id, limit: 250 });
      expect(log).toHaveLength(8);
      expect(log[0]).toMatchObject({
        status: "failed",
        responseStatusCode: 503,
        response: "failing with 503",
        error: null,
      });
      expect(log[0].durationMs).toEqual(expect.any(Number));
      const [message] = (await api("/v2/workspace/advancedwebhook/messages/get", {})).body.result.data.messages;
      expect(message.deliveries[0]).toMatchObject({ status: "failed", attempts: 8, nextAttemptAt: null });

      r.setRespond(() => ({ status: 204 }));
      const resend = await api("/v2/workspace/advancedwebhook/messages/resend", { messageId: message.id });
      expect(resend.body.result).toEqual({
        status: "success",
        message: "Advanced webhook message resend scheduled successfully.",
        data: { messageId: message.id, endpointIds: [ep.id] },
      });
      await waitFor(() => r.received.length === 1);
      expect(r.received[0].headers["webhook-id"]).toBe(message.id);
      await waitFor(async () => (await attempts(api, { messageId: message.id })).length === 9);
      const latest = (await attempts(api, { messageId: message.id, limit: 1 }))[0];
      expect(latest).toMatchObject({ status: "success", trigger: "manual", responseStatusCode: 204 });
    } finally {
      process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.001";
      reloadEnvForTests();
    }
  });

  it("fails an attempt that gets no answer within 15 seconds, then retries it", async () => {
    const { w, api } = await enabledWorkspace();
    const r = await receiver({ respond: ({ count }) => (count === 1 ? { delayMs: 16_500 } : undefined) });
    const { ep, secret } = await addEndpoint(api, { url: r.url });
    r.setSecrets([secret]);
    await emitEvent(w.apiKey);
    await waitFor(async () => (await attempts(api, { endpointId: ep.id }))[0]?.status === "success", 25_000, 200);
    const log = await attempts(api, { endpointId: ep.id });
    expect(log.map((a: { status: string }) => a.status)).toEqual(["success", "failed"]);
    expect(log[1]).toMatchObject({ responseStatusCode: 0, error: "timed out after 15000 ms" });
    expect(log[1].durationMs).toBeGreaterThanOrEqual(15_000);
    expect(log[1].durationMs).toBeLessThan(16_500);
  }, 40_000);

  it("delivers an event handed over twice (same id) once", async () => {
    const { w, api } = await enabledWorkspace();
    const r = await receiver();
    r.setSecrets([(await addEndpoint(api, { url: r.url })).secret]);
    const event = await emitEvent(w.apiKey);
    await emitEvent(w.apiKey, { id: event.id });
    await waitFor(() => r.received.length === 1);
    await new Promise((res) => setTimeout(res, 800));
    expect(r.received).toHaveLength(1);
    expect((await api("/v2/workspace/advancedwebhook/messages/get", {})).body.result.data.messages).toHaveLength(1);
  });

  it("signs with both secrets for a day after a rotation", async () => {
    const { w, api } = await enabledWorkspace();
    const r = await receiver();
    const { ep, secret: oldSecret } = await addEndpoint(api, { url: r.url });
    const newSecret = (await api("/v2/workspace/advancedwebhook/endpoints/secret/rotate", { endpointId: ep.id })).body
      .result.data.secret;
    r.setSecrets([oldSecret, newSecret]);
    await emitEvent(w.apiKey);
    await waitFor(() => r.received.length === 1);
    expect(r.received[0].verifiedWith).toEqual([0, 1]);
    expect(String(r.received[0].headers["webhook-signature"]).split(" ")).toHaveLength(2);
    // A day later the old secret no longer signs.
    await db().webhookEndpoint.update({
      where: { id: ep.id },
      data: { previousSecretExpiresAt: new Date(Date.now() - 1000) },
    });
    await emitEvent(w.apiKey);
    await waitFor(() => r.received.length === 2);
    expect(r.received[1].verifiedWith).toEqual([1]);
  });

  it("respects an endpoint's rateLimit", async () => {
    const { w, api } = await enabledWorkspace();
    const r = await receiver();
    const { secret } = await addEndpoint(api, { url: r.url, rateLimit: 2 });
    r.setSecrets([secret]);
    for (let i = 0; i < 6; i++) await emitEvent(w.apiKey);
    await waitFor(() => r.received.length === 6, 15_000);
    const at = r.received.map((x) => x.at).sort((x, y) => x - y);
    expect(at[5] - at[0]).toBeGreaterThanOrEqual(1800);
    for (let i = 2; i < at.length; i++) expect(at[i] - at[i - 2]).toBeGreaterThanOrEqual(800);
  });

  it("does not let a slow receiver delay the others", async () => {
    const { w, api } = await enabledWorkspace();
    const slow = await receiver({ respond: () => ({ delayMs: 4000 }) });
    const fast = await receiver();
    const s = await addEndpoint(api, { url: slow.url });
    const f = await addEndpoint(api, { url: fast.url });
    slow.setSecrets([s.secret]);
    fast.setSecrets([f.secret]);
    for (let i = 0; i < 20; i++) await emitEvent(w.apiKey);
    await waitFor(() => fast.received.length === 20, 15_000);
    expect(slow.received.length).toBe(0);
    await waitFor(() => slow.received.length === 20, 30_000);
  }, 60_000);

  it("delivers 1,000 events to 3 endpoints with none lost and none doubled", async () => {
    const { w, api } = await enabledWorkspace();
    const rs = await Promise.all([receiver(), receiver(), receiver()]);
    for (const r of rs) r.setSecrets([(await addEndpoint(api, { url: r.url })).secret]);
    const events = [];
    for (let i = 0; i < 1000; i++) events.push(await emitEvent(w.apiKey, { data: { n: i } }));
    await waitFor(() => rs.every((r) => r.received.length >= 1000), 150_000, 250);
    await new Promise((res) => setTimeout(res, 1000));
    for (const r of rs) {
      expect(r.received).toHaveLength(1000);
      expect(new Set(r.received.map((x) => (x.json as { data: { n: number } }).data.n)).size).toBe(1000);
      expect(r.rejected).toEqual([]);
    }
  }, 240_000);

  it("records an attempt that throws (an unreadable endpoint secret) as failed and schedules its retry", async () => {
    const { w, api } = await enabledWorkspace();
    const r = await receiver();
    const { ep } = await addEndpoint(api, { url: r.url });
    await db().webhookEndpoint.updateMany({ where: { apiKeyId: w.apiKey }, data: { secretEnc: "garbage" } });
    await emitEvent(w.apiKey, { type: "comment.add" });
    await waitFor(async () => (await attempts(api, { endpointId: ep.id })).length >= 2, 10_000, 50);
    const [latest] = await attempts(api, { endpointId: ep.id });
    expect(latest.status).toBe("failed");
    const recorded = await db().webhookAttempt.findFirstOrThrow({ where: { apiKeyId: w.apiKey } });
    expect(recorded.error).toBe("attempt failed: unreadable encrypted secret");
    expect(r.received).toHaveLength(0);
  });

  it("refuses private and loopback receivers unless WEFT_ALLOW_PRIVATE_URLS is set", async () => {
    const { w, api } = await enabledWorkspace();
    const r = await receiver();
    const byIp = await addEndpoint(api, { url: r.url });
    const byName = await addEndpoint(api, { url: `http://localhost:${r.port}/hook` });
    process.env.WEFT_ALLOW_PRIVATE_URLS = "false";
    reloadEnvForTests();
    try {
      await emitEvent(w.apiKey);
      await waitFor(async () => (await attempts(api, {})).length >= 2);
      const log = await attempts(api, {});
      for (const ep of [byIp.ep, byName.ep]) {
        const a = log.find((x: { endpointId: string }) => x.endpointId === ep.id);
        expect(a).toMatchObject({
          status: "failed",
          responseStatusCode: 0,
          error: expect.stringMatching(/^refused: .*(127\.0\.0\.1|::1)/),
        });
      }
      expect(r.requests()).toBe(0);
    } finally {
      process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
      reloadEnvForTests();
    }
  });

  it("disables an endpoint that has failed for 5 days and delivers nothing more to it", async () => {
    const { w, api } = await enabledWorkspace();
    const r = await receiver({ respond: () => ({ status: 500 }) });
    const { ep } = await addEndpoint(api, { url: r.url });
    process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.00001"; // 5 days = 4.3 s
    reloadEnvForTests();
    try {
      await emitEvent(w.apiKey);
      await waitFor(async () => (await attempts(api, { endpointId: ep.id })).length === 8, 10_000);
      await new Promise((res) => setTimeout(res, 4500));
      await emitEvent(w.apiKey);
      await waitFor(
        async () =>
          (await api("/v2/workspace/advancedwebhook/endpoints/get", {})).body.result.data.endpoints[0].disabled ===
          true,
        10_000,
      );
      const before = r.requests();
      await emitEvent(w.apiKey);
      await new Promise((res) => setTimeout(res, 500));
      expect(r.requests()).toBe(before);
      const reenabled = await api("/v2/workspace/advancedwebhook/endpoints/update", {
        endpointId: ep.id,
        disabled: false,
      });
      expect(reenabled.body.result.data.disabled).toBe(false);
    } finally {
      process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.001";
      reloadEnvForTests();
    }
  });
});

describe("simple webhooks", () => {
  let r: Receiver;
  beforeAll(async () => {
    r = await receiver();
  });

  it("post the raw event and the processed notification with Basic auth, retrying failures", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    let failures = 1;
    r.setRespond(() => (failures-- > 0 ? { status: 502 } : undefined));
    await api("/v2/workspace/webhookconfig/update", {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: "tok-123",
        rawNotificationUrl: `${r.url}?raw`,
        processedNotificationUrl: `${r.url}?processed`,
      },
    });
    const event = await emitEvent(w.apiKey, {
      type: "comment.add",
      actor: { userId: "ada", name: "Ada" },
      mentioned: [{ userId: "bob", name: "Bob" }],
      participants: [
        { userId: "ada", name: "Ada" },
        { userId: "bob", name: "Bob" },
      ],
      data: { commentText: "see this" },
    });
    await waitFor(() => r.received.length === 2, 10_000);
    for (const got of r.received) expect(got.headers.authorization).toBe("Basic tok-123");
    const raw = r.received.find(
      (x) => (x.json as { annotationId?: string }).annotationId && !(x.json as { headline?: string }).headline,
    )!;
    const processed = r.received.find((x) => (x.json as { headline?: string }).headline)!;
    const { apiKeyId: _key, ...publicEvent } = event;
    expect(raw.json).toEqual(publicEvent);
    expect(processed.json).toMatchObject({
      id: event.id,
      type: "comment.add",
      headline: "Ada commented in doc-1",
      body: "see this",
      recipients: [{ userId: "bob", name: "Bob" }],
    });
    expect(r.requests()).toBe(3);
  });

  it("refuses an authToken that cannot go into an HTTP header, naming the field", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    for (const authToken of ["tok\r\nX-Evil: 1", "tok\n", "tok\u0007", "tok\u0100"]) {
      const res = await api("/v2/workspace/webhookconfig/update", {
        useWebhookService: true,
        webhookServiceConfig: { authToken, rawNotificationUrl: r.url },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        status: "INVALID_ARGUMENT",
        message: "webhookServiceConfig.authToken must contain only characters allowed in an HTTP header value.",
      });
    }
    const stored = await db().apiKey.findUniqueOrThrow({ where: { id: w.apiKey }, select: { serviceConfig: true } });
    expect(stored.serviceConfig).toEqual({});
  });

  it("records an attempt that throws (a stored token with CR/LF) as failed and schedules its retry", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const before = r.requests();
    await api("/v2/workspace/webhookconfig/update", {
      useWebhookService: true,
      webhookServiceConfig: { authToken: "tok", rawNotificationUrl: r.url },
    });
    // An old row, stored before input validation refused such tokens.
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: w.apiKey }, select: { serviceConfig: true } });
    const config = row.serviceConfig as { webhookServiceConfig: Record<string, string> };
    config.webhookServiceConfig.authToken = sealSetting("tok\r\nX-Evil: 1", webhookTokenAad(w.apiKey))!;
    await db().apiKey.update({ where: { id: w.apiKey }, data: { serviceConfig: config } });
    await emitEvent(w.apiKey, { type: "comment.add" });
    const failed = () => db().webhookAttempt.findMany({ where: { apiKeyId: w.apiKey }, orderBy: { createdAt: "asc" } });
    await waitFor(async () => (await failed()).length >= 2, 10_000, 50);
    const [first, second] = await failed();
    expect(first).toMatchObject({ status: "failed", responseStatusCode: 0 });
    expect(first.error).toMatch(/authorization/i);
    expect(second.status).toBe("failed");
    const [delivery] = await db().webhookDelivery.findMany({ where: { apiKeyId: w.apiKey } });
    expect(delivery.attemptCount).toBeGreaterThanOrEqual(2);
    expect(delivery.lastError).toMatch(/authorization/i);
    expect(r.requests()).toBe(before);
  });

  it("send nothing for an event whose trigger is off", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const before = r.requests();
    await api("/v2/workspace/webhookconfig/update", {
      useWebhookService: true,
      webhookServiceConfig: { rawNotificationUrl: r.url, triggers: { "comment.add": false } },
    });
    await emitEvent(w.apiKey, { type: "comment.add" });
    await emitEvent(w.apiKey, { type: "comment.update" });
    // Reactions go by their trigger names, comment.reaction_add / _delete (seeded on).
    await emitEvent(w.apiKey, { type: "reaction.add" });
    await waitFor(() => r.requests() === before + 2);
    await new Promise((res) => setTimeout(res, 500));
    expect(r.requests()).toBe(before + 2);
    expect(
      r.received
        .slice(-2)
        .map((x) => (x.json as { type: string }).type)
        .sort(),
    ).toEqual(["comment.update", "reaction.add"]);
  });
});
