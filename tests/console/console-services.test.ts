import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "@/lib/console/access";
import { runOperationAction } from "@/lib/console/operation-action";
import { runAction, type ActionContext } from "@/lib/console/run-action";
import { sendTestEmail } from "@/lib/domain/email/send-test-email";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { newWorkspace, useTestDatabase } from "../helpers/api";
import { startFakeSendgrid } from "../helpers/fake-sendgrid";

// The console's email and webhook calls: the REST operations through the generic action
// (lib/console/operation-action.ts) and the test mail through its own action, run like the console runs them:
// another owner's key is not found and nothing changes; the owner's works.

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

/** The browser's address, as operations.ts takes it from the request. */
const IP = "127.0.0.1";
const owner = (email: string): Viewer => ({ email, operator: false, scope: { level: "owner", ownerEmail: email } });

const sendTest = {
  access: "apiKey" as const,
  input: z.strictObject({}),
  run: (_input: unknown, { scope, viewer, db }: ActionContext<"apiKey">) =>
    sendTestEmail(scope, { to: viewer.email }, db),
};
const saveEmail = "/v2/workspace/emailconfig/update" as const;
const enableAdvanced = "/v2/workspace/advancedwebhookconfig/update" as const;
const addEndpoint = "/v2/workspace/advancedwebhook/endpoints/create" as const;
const revealSecret = "/v2/workspace/advancedwebhook/endpoints/secret/get" as const;

const NOT_FOUND = { ok: false, error: "API key not found." };

describe("console email and webhook actions", () => {
  it("refuse another owner's key as not found and change nothing; the owner's own key works", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const theirs = { workspaceId: b.workspace.id, apiKeyId: a.apiKey };
    const mine = { workspaceId: a.workspace.id, apiKeyId: a.apiKey };

    expect(await runOperationAction(saveEmail, owner(b.email), { useEmailService: true }, theirs, IP)).toEqual(
      NOT_FOUND,
    );
    expect(await runOperationAction(saveEmail, owner(b.email), { useEmailService: true }, mine, IP)).toEqual(NOT_FOUND);
    expect(await runAction(sendTest, owner(b.email), {}, theirs)).toEqual(NOT_FOUND);
    expect(await runOperationAction(enableAdvanced, owner(b.email), { isEnabled: true }, theirs, IP)).toEqual(
      NOT_FOUND,
    );
    const serviceConfig = (await db().apiKey.findUniqueOrThrow({ where: { id: a.apiKey } })).serviceConfig as Record<
      string,
      unknown
    > | null;
    expect(serviceConfig?.useEmailService).not.toBe(true);
    expect(serviceConfig?.advancedWebhookConfig).toBeUndefined();
    expect(await db().outboxMail.count({ where: { to: b.email, subject: { contains: "Test email" } } })).toBe(0);

    // The owner: first advanced save must enable (the service's rule, same message as REST), then endpoints.
    expect(await runOperationAction(enableAdvanced, owner(a.email), { encodeData: true }, mine, IP)).toMatchObject({
      ok: false,
      error: expect.stringContaining("not configured"),
    });
    expect(await runOperationAction(enableAdvanced, owner(a.email), { isEnabled: true }, mine, IP)).toMatchObject({
      ok: true,
      data: { isEnabled: true },
    });
    const created = await runOperationAction(
      addEndpoint,
      owner(a.email),
      { url: "https://hooks.example.com/in" },
      mine,
      IP,
    );
    if (!created.ok) throw new Error(created.error);
    expect(await runOperationAction(revealSecret, owner(b.email), { endpointId: created.data.id }, theirs, IP)).toEqual(
      NOT_FOUND,
    );
    expect(
      await runOperationAction(revealSecret, owner(a.email), { endpointId: created.data.id }, mine, IP),
    ).toMatchObject({ ok: true, data: { secret: expect.stringMatching(/^whsec_/) } });
  });

  it("send the test mail to the signed-in user through the key's mail path", async () => {
    const a = await newWorkspace();
    const mine = { workspaceId: a.workspace.id, apiKeyId: a.apiKey };
    const sent = await runAction(sendTest, owner(a.email), {}, mine);
    expect(sent).toMatchObject({ ok: true, data: { to: a.email, status: expect.stringMatching(/^(stored|sent)$/) } });
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: a.email, subject: "Test email from weft" } });
    expect(mail.status).not.toBe("failed");

    expect(
      await runOperationAction(
        saveEmail,
        owner(a.email),
        { useEmailService: true, emailServiceConfig: { fromEmail: "nope" } },
        mine,
        IP,
      ),
    ).toEqual({
      ok: false,
      error: "Invalid email service configuration.",
    });
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
    expect(await runOperationAction(saveEmail, owner(a.email), { emailServiceConfig: config }, mine, IP)).toMatchObject(
      {
        ok: true,
      },
    );

    const sent = await runAction(sendTest, owner(a.email), {}, mine);
    expect(sent).toMatchObject({ ok: true, data: { to: a.email, transport: "sendgrid", status: "sent" } });
    const mail = sendgrid.received.at(-1)!;
    expect(mail.headers.authorization).toBe("Bearer SG.console-test-key");
    expect(mail.body.from).toEqual({ email: "noreply@acme.example", name: "Acme" });
    expect(mail.body.personalizations[0].to[0].email).toBe(a.email);
    expect(mail.body.subject).toBe("Acme: Test email from weft");

    sendgrid.failNextWith(401);
    expect(await runAction(sendTest, owner(a.email), {}, mine)).toEqual({
      ok: false,
      error: "The test email could not be sent: SendGrid answered 401.",
    });
    sendgrid.failNextWith(202);
  });
});
