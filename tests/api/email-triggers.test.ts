import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { sendTriggerEmail } from "@/lib/domain/email/send-trigger-email";
import { maxAttempts, retryDelayMs } from "@/lib/infra/jobs/retry-policy";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { emitEvent } from "../helpers/emit-event";
import { startFakeSendgrid } from "../helpers/fake-sendgrid";
import { waitFor } from "../helpers/wait";

// Trigger emails through a local fake of SendGrid's v3 mail send API.

let sendgrid: Awaited<ReturnType<typeof startFakeSendgrid>>;

beforeAll(async () => {
  sendgrid = await startFakeSendgrid();
  process.env.WEFT_SENDGRID_API_URL = sendgrid.url;
  process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.001";
  delete process.env.WEFT_SENDGRID_API_KEY;
  reloadEnvForTests();
});
afterAll(async () => {
  await sendgrid.close();
});

useTestDatabase();

const ada = { userId: "ada", name: "Ada Author", email: "ada@example.com" };
const bob = { userId: "bob", name: "Bob", email: "bob@example.com" };
const cyd = { userId: "cyd", name: "Cyd", email: "Cyd@Example.com" };

interface SentMail {
  personalizations: { to: { email: string }[]; dynamic_template_data?: Record<string, unknown> }[];
  from: { email: string; name?: string };
  subject?: string;
  template_id?: string;
  content?: { type: string; value: string }[];
}

const mailsTo = (email: string) =>
  sendgrid.received
    .filter((m) => m.body.personalizations[0].to[0].email === email)
    .map((m) => ({ ...m, body: m.body as unknown as SentMail }));

/** Email send jobs ever queued for the key. */
async function emailJobs(apiKey: string): Promise<number> {
  const [{ n }] = await db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "Job" WHERE "kind" = 'email.trigger-send' AND "payload"->'event'->>'apiKeyId' = ${apiKey}`;
  return n;
}

async function sendgridWorkspace(apiKey = "SG.workspace-key-abcdef", extra: Record<string, unknown> = {}) {
  const w = await newWorkspace();
  await asKey(w)("/v2/workspace/emailconfig/update", {
    useEmailService: true,
    emailServiceConfig: { type: "sendgrid", apiKey, fromEmail: "noreply@acme.test", fromCompany: "Acme", ...extra },
  });
  return w;
}

describe("email triggers", () => {
  it("mail mentioned users and participants, not the author, from the workspace's sender with its templates", async () => {
    const w = await sendgridWorkspace(undefined, { commentTemplateId: "d-comment", tagTemplateId: "d-tag" });
    const before = sendgrid.received.length;
    await emitEvent(w.apiKey, {
      type: "comment.add",
      actor: ada,
      mentioned: [bob],
      participants: [ada, bob, cyd],
      data: { commentText: "Ship it?" },
    });
    await waitFor(() => sendgrid.received.length === before + 2);
    const [toBob] = mailsTo("bob@example.com");
    expect(toBob.headers.authorization).toBe("Bearer SG.workspace-key-abcdef");
    expect(toBob.body.from).toEqual({ email: "noreply@acme.test", name: "Acme" });
    expect(toBob.body.template_id).toBe("d-tag");
    expect(toBob.body.personalizations[0].dynamic_template_data).toMatchObject({
      headline: "Ada Author commented in doc-1",
      commentText: "Ship it?",
      mentioned: true,
      documentId: "doc-1",
    });
    const [toCyd] = mailsTo("Cyd@Example.com");
    expect(toCyd.body.template_id).toBe("d-comment");
    expect(toCyd.body.personalizations[0].dynamic_template_data).toMatchObject({ mentioned: false });
    expect(mailsTo("ada@example.com")).toEqual([]);
    // The outcome is recorded once SendGrid has answered.
    await waitFor(
      async () => (await db().emailDelivery.count({ where: { apiKeyId: w.apiKey, status: "sent" } })) === 2,
    );
    expect(await db().emailDelivery.count({ where: { apiKeyId: w.apiKey } })).toBe(2);
  });

  it("send a plain mail with subject and text when no template is set, once per event", async () => {
    const w = await sendgridWorkspace("SG.plain-key-123456");
    const before = sendgrid.received.length;
    const event = await emitEvent(w.apiKey, {
      type: "comment_annotation.assign",
      actor: ada,
      assigned: bob,
      participants: [ada],
    });
    await emitEvent(w.apiKey, {
      ...event,
      type: "comment_annotation.assign",
      actor: ada,
      assigned: bob,
      participants: [ada],
      id: event.id,
    });
    // emitEvent returns once the consumers' rows are committed: the redelivery added no delivery and no job, so
    // once the one delivery's outcome is recorded nothing else can send.
    await waitFor(
      async () => (await db().emailDelivery.findFirst({ where: { apiKeyId: w.apiKey } }))?.status === "sent",
      15_000,
    );
    expect(await db().emailDelivery.count({ where: { apiKeyId: w.apiKey } })).toBe(1);
    expect(await emailJobs(w.apiKey)).toBe(1);
    const mails = mailsTo("bob@example.com").filter((m) => m.headers.authorization === "Bearer SG.plain-key-123456");
    expect(sendgrid.received.length).toBe(before + 1);
    expect(mails).toHaveLength(1);
    expect(mails[0].body.subject).toBe("Acme: Ada Author assigned a comment thread to Bob in doc-1");
    expect(mails[0].body.content?.[0]).toEqual({
      type: "text/plain",
      value: expect.stringContaining("assigned a comment thread to Bob"),
    });
  });

  it("send nothing when the event's trigger is off or email is off", async () => {
    const w = await sendgridWorkspace("SG.quiet-key-123456");
    const api = asKey(w);
    await api("/v2/workspace/emailconfig/update", { emailServiceConfig: { triggers: { "comment.add": false } } });
    const before = sendgrid.received.length;
    await emitEvent(w.apiKey, { type: "comment.add", mentioned: [bob] });
    await api("/v2/workspace/emailconfig/update", { useEmailService: false });
    await emitEvent(w.apiKey, { type: "comment_annotation.add", mentioned: [bob] });
    // The consumers have run (emitEvent waits for their commit) and queued nothing that could send later.
    expect(await db().emailDelivery.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
    expect(await emailJobs(w.apiKey)).toBe(0);
    // A mail that is meant to go out afterwards is the only one that arrives.
    await api("/v2/workspace/emailconfig/update", {
      useEmailService: true,
      emailServiceConfig: { triggers: { "comment.add": true } },
    });
    await emitEvent(w.apiKey, { type: "comment.add", mentioned: [cyd] });
    await waitFor(
      async () => (await db().emailDelivery.findFirst({ where: { apiKeyId: w.apiKey } }))?.status === "sent",
      15_000,
    );
    expect(sendgrid.received.slice(before).map((m) => m.body.personalizations[0].to[0].email)).toEqual([
      "Cyd@Example.com",
    ]);
  });

  it("retry SendGrid 5xx answers and record a rejected key as a failed send", async () => {
    const w = await sendgridWorkspace("SG.retry-key-123456");
    const before = sendgrid.received.length;
    sendgrid.failNextWith(503);
    await emitEvent(w.apiKey, { mentioned: [bob] });
    await waitFor(() => sendgrid.received.length >= before + 1);
    sendgrid.failNextWith(202);
    await waitFor(
      async () => (await db().emailDelivery.findFirst({ where: { apiKeyId: w.apiKey } }))?.status === "sent",
      15_000,
    );
    const sent = await db().emailDelivery.findFirstOrThrow({ where: { apiKeyId: w.apiKey } });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);

    const bad = await sendgridWorkspace("not-a-sendgrid-key");
    await emitEvent(bad.apiKey, { mentioned: [bob] });
    await waitFor(
      async () => (await db().emailDelivery.findFirst({ where: { apiKeyId: bad.apiKey } }))?.status === "failed",
      15_000,
    );
    const failed = await db().emailDelivery.findFirstOrThrow({ where: { apiKeyId: bad.apiKey } });
    expect(failed).toMatchObject({ attempts: 1, lastError: "SendGrid answered 401", to: "bob@example.com" });
    const record = await db().outboxMail.findUniqueOrThrow({ where: { id: failed.mailId! } });
    expect(record).toMatchObject({ transport: "sendgrid", status: "failed" });
  });

  it("attempt a send that SendGrid keeps failing exactly as the retry policy says, once per step", async () => {
    const w = await sendgridWorkspace("SG.schedule-key-123456");
    sendgrid.failNextWith(500);
    try {
      await emitEvent(w.apiKey, { mentioned: [bob] });
      await waitFor(
        async () => (await db().emailDelivery.findFirst({ where: { apiKeyId: w.apiKey } }))?.status === "failed",
        15_000,
      );
      const delivery = await db().emailDelivery.findFirstOrThrow({ where: { apiKeyId: w.apiKey } });
      // The job's final state too: after it nothing retries the send.
      const job = { kind: "email.trigger-send", payload: { path: ["deliveryId"], equals: delivery.id } };
      await waitFor(async () => (await db().job.findFirst({ where: job }))?.status === "failed", 15_000);
      const steps = maxAttempts(sendTriggerEmail.retry);
      expect(steps).toBe(5);
      expect(delivery).toMatchObject({ attempts: steps, lastError: "SendGrid answered 500" });
      const tries = sendgrid.received
        .filter((m) => m.headers.authorization === "Bearer SG.schedule-key-123456")
        .map((m) => m.at);
      expect(tries).toHaveLength(steps);
      for (let i = 1; i < tries.length; i++)
        expect(tries[i] - tries[i - 1]).toBeGreaterThanOrEqual(retryDelayMs(sendTriggerEmail.retry, i)! - 5);
    } finally {
      sendgrid.failNextWith(202);
    }
  });

  it("use the instance mailer for type default", async () => {
    const w = await newWorkspace();
    await asKey(w)("/v2/workspace/emailconfig/update", {
      useEmailService: true,
      emailServiceConfig: { type: "default" },
    });
    const before = sendgrid.received.length;
    await emitEvent(w.apiKey, { mentioned: [{ userId: "dee", email: "dee@example.com" }] });
    await waitFor(
      async () => (await db().emailDelivery.findFirst({ where: { apiKeyId: w.apiKey } }))?.status === "sent",
      15_000,
    );
    const delivery = await db().emailDelivery.findFirstOrThrow({ where: { apiKeyId: w.apiKey } });
    const mail = await db().outboxMail.findUniqueOrThrow({ where: { id: delivery.mailId! } });
    expect(mail).toMatchObject({
      transport: "outbox",
      status: "stored",
      to: "dee@example.com",
      subject: "Ada Author commented in doc-1",
    });
    expect(sendgrid.received.length).toBe(before);
  });
});
