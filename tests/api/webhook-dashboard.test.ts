import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeyScope } from "@/lib/domain/scope";
import { getEndpointHealth } from "@/lib/domain/webhooks/endpoint-health";
import { getMessages } from "@/lib/domain/webhooks/get-messages";
import { TEST_EVENT_TYPE } from "@/lib/domain/webhooks/event-types";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";
import { db, transaction } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

// The console's webhook dashboard: "Send test event" through the real delivery path, and endpoint health.

const receivers: Receiver[] = [];
beforeAll(() => {
  process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
  reloadEnvForTests();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

useTestDatabase();

async function keyWithEndpoint(receiver: Receiver, description = "") {
  const w = await newWorkspace();
  const api = asKey(w);
  expect((await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true })).status).toBe(200);
  const created = await api("/v2/workspace/advancedwebhook/endpoints/create", {
    url: receiver.url,
    description,
    filterTypes: ["comment.add"],
  });
  const endpointId = created.body.result.data.id as string;
  const secret = (await api("/v2/workspace/advancedwebhook/endpoints/secret/get", { endpointId })).body.result.data
    .secret;
  receiver.setSecrets([secret]);
  const scope: ApiKeyScope = { level: "apiKey", workspaceId: w.workspace.id, apiKeyId: w.apiKey };
  return { scope, endpointId };
}

describe("webhook dashboard", () => {
  it("sends a signed test event now to one endpoint, whatever its type filter, and shows it healthy", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const { scope, endpointId } = await keyWithEndpoint(receiver, "Orders service");
    const before = await getEndpointHealth(scope, db());
    expect(before).toMatchObject([{ id: endpointId, name: "Orders service", state: "new", lastSuccessAt: null }]);

    const sent = await transaction((tx) => sendTestEvent(scope, { endpointId }, tx));
    await waitFor(() => receiver.received.length === 1);
    expect(receiver.received[0].verifiedWith).toEqual([0]);
    expect(receiver.received[0].headers["webhook-id"]).toBe(sent.messageId);
    expect(receiver.received[0].json).toMatchObject({ type: TEST_EVENT_TYPE, data: { endpointId } });

    await waitFor(async () => (await getEndpointHealth(scope, db()))[0].lastSuccessAt !== null);
    const [health] = await getEndpointHealth(scope, db());
    expect(health).toMatchObject({ state: "healthy", attempts24h: 1, failures24h: 0, disabledReason: null });
    expect(Math.abs(Date.parse(health.lastSuccessAt!) - receiver.received[0].at)).toBeLessThan(5000);

    const log = await getMessages(scope, { limit: 10 }, db(), { outcome: "success" });
    expect(log.messages.map((m) => [m.id, m.eventType])).toEqual([[sent.messageId, TEST_EVENT_TYPE]]);
    expect((await getMessages(scope, { limit: 10 }, db(), { outcome: "failed" })).messages).toEqual([]);
  });

  it("shows a failing endpoint as failing with its failure rate, and a disabled one with the reason", async () => {
    const receiver = await startReceiver({ respond: () => ({ status: 500 }) });
    receivers.push(receiver);
    const { scope, endpointId } = await keyWithEndpoint(receiver);
    await transaction((tx) => sendTestEvent(scope, { endpointId }, tx));
    await waitFor(async () => (await getEndpointHealth(scope, db()))[0].state === "failing");
    const [health] = await getEndpointHealth(scope, db());
    expect(health).toMatchObject({ name: receiver.url, lastSuccessAt: null, failures24h: health.attempts24h });
    expect(health.attempts24h).toBeGreaterThanOrEqual(1);
    expect(health.failingSince).not.toBeNull();
    const attempts = await db().webhookAttempt.findMany({ where: { endpointId } });
    expect(attempts[0]).toMatchObject({ status: "failed", responseStatusCode: 500 });

    // Failing for longer than the limit: the endpoint is disabled automatically, and says why.
    await db().webhookEndpoint.update({
      where: { id: endpointId },
      data: { disabled: true, failingSince: new Date(Date.now() - 6 * 24 * 3600_000) },
    });
    const [disabled] = await getEndpointHealth(scope, db());
    expect(disabled.state).toBe("disabled");
    expect(disabled.disabledReason).toMatch(/^Disabled automatically: every attempt failed since /);
    await expect(transaction((tx) => sendTestEvent(scope, { endpointId }, tx))).rejects.toThrow(/disabled/);
    await db().webhookEndpoint.update({ where: { id: endpointId }, data: { failingSince: null } });
    expect((await getEndpointHealth(scope, db()))[0].disabledReason).toBe(
      "Disabled by an update (its disabled flag is set).",
    );
  });
});
