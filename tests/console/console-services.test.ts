import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { newWorkspace, useTestDatabase } from "../helpers/api";
import { consoleAs, owner, refusal } from "../helpers/console";
import { startFakeSendgrid } from "../helpers/fake-sendgrid";

// The console's email and webhook calls through its router: the REST operations (derived procedures) and the
// test mail (email.sendTest), run like the console runs them: another owner's key is not found and nothing
// changes; the owner's works.

let sendgrid: Awaited<ReturnType<typeof startFakeSendgrid>>;

beforeAll(async () => {
  sendgrid = await startFakeSendgrid();
  process.env.WEFT_SENDGRID_API_URL = sendgrid.url;
  delete process.env.WEFT_SENDGRID_API_KEY;
  reloadEnvForTests();
});
afterAll(async () => {
  await sendgrid.close();
});

useTestDatabase();

type Target = { workspaceId: string; apiKeyId: string };
const saveEmail = (email: string, target: Target, data: object) =>
  consoleAs(owner(email)).v2.workspace.emailconfig.update({ ...target, data });
const enableAdvanced = (email: string, target: Target, data: object) =>
  consoleAs(owner(email)).v2.workspace.advancedwebhookconfig.update({ ...target, data });
const sendTest = (email: string, target: Target) => consoleAs(owner(email)).email.sendTest({ ...target, data: {} });

const NOT_FOUND = { status: "NOT_FOUND", message: "API key not found." };

describe("console email and webhook actions", () => {
  it("refuse another owner's key as not found and change nothing; the owner's own key works", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const theirs = { workspaceId: b.workspace.id, apiKeyId: a.apiKey };
    const mine = { workspaceId: a.workspace.id, apiKeyId: a.apiKey };

    expect(await refusal(saveEmail(b.email, theirs, { useEmailService: true }))).toEqual(NOT_FOUND);
    expect(await refusal(saveEmail(b.email, mine, { useEmailService: true }))).toEqual(NOT_FOUND);
    expect(await refusal(sendTest(b.email, theirs))).toEqual(NOT_FOUND);
    expect(await refusal(enableAdvanced(b.email, theirs, { isEnabled: true }))).toEqual(NOT_FOUND);
    const serviceConfig = (await db().apiKey.findUniqueOrThrow({ where: { id: a.apiKey } })).serviceConfig as Record<
      string,
      unknown
    > | null;
    expect(serviceConfig?.useEmailService).not.toBe(true);
    expect(serviceConfig?.advancedWebhookConfig).toBeUndefined();
    expect(await db().outboxMail.count({ where: { to: b.email, subject: { contains: "Test email" } } })).toBe(0);

    // The owner: first advanced save must enable (the service's rule, same message as REST), then endpoints.
    expect((await refusal(enableAdvanced(a.email, mine, { encodeData: true }))).message).toContain("not configured");
    await expect(enableAdvanced(a.email, mine, { isEnabled: true })).resolves.toMatchObject({ isEnabled: true });
    const endpoints = (email: string) => consoleAs(owner(email)).v2.workspace.advancedwebhook.endpoints;
    const created = await endpoints(a.email).create({ ...mine, data: { url: "https://hooks.example.com/in" } });
    const reveal = { data: { endpointId: created.id } };
    expect(await refusal(endpoints(b.email).secret.get({ ...theirs, ...reveal }))).toEqual(NOT_FOUND);
    await expect(endpoints(a.email).secret.get({ ...mine, ...reveal })).resolves.toMatchObject({
      secret: expect.stringMatching(/^whsec_/),
    });
  });

  it("send the test mail to the signed-in user through the key's mail path", async () => {
    const a = await newWorkspace();
    const mine = { workspaceId: a.workspace.id, apiKeyId: a.apiKey };
    const sent = await sendTest(a.email, mine);
    expect(sent).toMatchObject({ to: a.email, status: expect.stringMatching(/^(stored|sent)$/) });
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: a.email, subject: "Test email from weft" } });
    expect(mail.status).not.toBe("failed");

    expect(
      await refusal(saveEmail(a.email, mine, { useEmailService: true, emailServiceConfig: { fromEmail: "nope" } })),
    ).toMatchObject({ status: "INVALID_ARGUMENT", message: "Invalid email service configuration." });
  });

  it("send the test mail through the workspace's own SendGrid key and sender, and report SendGrid's refusal", async () => {
    const a = await newWorkspace();
    const mine = { workspaceId: a.workspace.id, apiKeyId: a.apiKey };
    const config = {
      type: "custom" as const,
      apiKey: "SG.console-test-key",
      fromEmail: "noreply@acme.example",
      fromCompany: "Acme",
    };
    await saveEmail(a.email, mine, { emailServiceConfig: config });

    const sent = await sendTest(a.email, mine);
    expect(sent).toMatchObject({ to: a.email, transport: "sendgrid", status: "sent" });
    const mail = sendgrid.received.at(-1)!;
    expect(mail.headers.authorization).toBe("Bearer SG.console-test-key");
    expect(mail.body.from).toEqual({ email: "noreply@acme.example", name: "Acme" });
    expect(mail.body.personalizations[0].to[0].email).toBe(a.email);
    expect(mail.body.subject).toBe("Acme: Test email from weft");

    sendgrid.failNextWith(401);
    expect(await refusal(sendTest(a.email, mine))).toMatchObject({
      message: "The test email could not be sent: SendGrid answered 401.",
    });
    sendgrid.failNextWith(202);
  });
});
