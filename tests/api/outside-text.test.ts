import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { asKey, call, newWorkspace, useTestDatabase } from "../helpers/api";
import { emitEvent } from "../helpers/emit-event";
import { setProviderKeys, useFakeAi } from "../helpers/fake-ai";
import { waitFor } from "../helpers/wait";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

// M4: text from outside (a webhook receiver's answer, a provider's error, a model's output) is stored only
// once it is valid text for PostgreSQL: a NUL byte (which PostgreSQL refuses in text) or a lone surrogate
// becomes U+FFFD. And if recording an attempt fails anyway, the attempt still counts and the schedule moves.

process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.001";
reloadEnvForTests();

useTestDatabase();
const ai = useFakeAi();

const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function endpointAnswering(body: string) {
  const receiver = await startReceiver({ respond: () => ({ status: 500, body }) });
  receivers.push(receiver);
  const w = await newWorkspace();
  const api = asKey(w);
  await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
  const endpoint = (await api("/v2/workspace/advancedwebhook/endpoints/create", { url: receiver.url })).body.result
    .data;
  await emitEvent(w.apiKey, { type: "comment.add" });
  return { w, api, endpoint, receiver };
}

describe("a webhook receiver's answer", () => {
  it("with a NUL byte is recorded (as U+FFFD), counted and retried on schedule", async () => {
    const { api, endpoint } = await endpointAnswering("bad\u0000reply \ud800 end");
    let attempts: { response: string; status: string }[] = [];
    await waitFor(async () => {
      attempts = (await api("/v2/workspace/advancedwebhook/attempts/get", { endpointId: endpoint.id })).body.result.data
        .attempts;
      return attempts.length >= 2;
    });
    expect(attempts[0]).toMatchObject({ status: "failed", response: "bad\ufffdreply \ufffd end" });
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivery.attemptCount).toBeGreaterThanOrEqual(2);
  });

  describe("that cannot be recorded at all", () => {
    // A database that refuses this attempt's text, whatever it is (here: a trigger).
    beforeAll(async () => {
      await db().$executeRawUnsafe(`CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW."response" LIKE '%poison%' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
      await db().$executeRawUnsafe(
        `CREATE TRIGGER refuse_poison BEFORE INSERT ON "WebhookAttempt" FOR EACH ROW EXECUTE FUNCTION refuse_poison()`,
      );
    });
    afterAll(async () => {
      await db().$executeRawUnsafe(`DROP TRIGGER refuse_poison ON "WebhookAttempt"`);
      await db().$executeRawUnsafe(`DROP FUNCTION refuse_poison()`);
    });

    it("still counts the attempt and moves the schedule, recording it without the answer", async () => {
      const { api, endpoint } = await endpointAnswering("poison");
      let attempts: { response: string; error: string | null; responseStatusCode: number }[] = [];
      await waitFor(async () => {
        attempts = (await api("/v2/workspace/advancedwebhook/attempts/get", { endpointId: endpoint.id })).body.result
          .data.attempts;
        return attempts.length >= 2;
      });
      expect(attempts[0]).toMatchObject({ response: "", responseStatusCode: 500 });
      expect(attempts[0].error).toMatch(/^the receiver's answer could not be stored/);
      const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
      expect(delivery.attemptCount).toBeGreaterThanOrEqual(2);
    });
  });
});

describe("a model's output and a provider's error", () => {
  let w: Awaited<ReturnType<typeof newWorkspace>>;
  beforeAll(async () => {
    w = await newWorkspace();
    await setProviderKeys(w.key, { anthropic: "sk-ant-outside-0123456789" });
    const agent = { agentId: "nul_check", name: "N", model: "claude-sonnet-4-0", instruction: "Check.", reads: "text" };
    expect((await call("/v2/agents/add", agent, { headers: w.key })).status).toBe(200);
  });

  async function runToEnd() {
    const run = await call("/v2/agents/run", { agentId: "nul_check", text: "Acme" }, { headers: w.key });
    const id = run.body.result.data.id as string;
    let item: { status: string; message: string } | undefined;
    await waitFor(async () => {
      const list = await call("/v2/agents/execution/list", { pageSize: 500 }, { headers: w.key });
      item = list.body.result.items.find((e: { id: string }) => e.id === id);
      return item !== undefined && item.status !== "running";
    }, 20_000);
    return item!;
  }

  it("are stored with U+FFFD for a NUL byte: the agent's execution ends instead of staying running", async () => {
    ai.current.behave("anthropic", { kind: "answer", text: "PASS\u0000 names Acme" });
    expect(await runToEnd()).toMatchObject({ status: "passed", message: "PASS\ufffd names Acme" });
    ai.current.behave("anthropic", { kind: "status", status: 500, message: "overloaded\u0000 try later" });
    const failed = await runToEnd();
    expect(failed.status).toBe("error");
    expect(failed.message).toContain("overloaded\ufffd try later");
  });
});
