import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnvForTests } from "@/lib/infra/env";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { startFakeSendgrid } from "../helpers/fake-sendgrid";
import { waitFor } from "../helpers/wait";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

// The whole path with nothing in between faked: a comment added over REST becomes events in the outbox, the
// dispatcher hands them to every consumer, and a signature-verifying receiver, SendGrid (a local fake speaking
// v3 mail send) and a simple-webhook receiver get them.

let sendgrid: Awaited<ReturnType<typeof startFakeSendgrid>>;
const receivers: Receiver[] = [];

beforeAll(async () => {
  sendgrid = await startFakeSendgrid();
  process.env.WEFT_SENDGRID_API_URL = sendgrid.url;
  process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
  delete process.env.WEFT_SENDGRID_API_KEY;
  reloadEnvForTests();
});
afterAll(async () => {
  await sendgrid.close();
  await Promise.all(receivers.map((r) => r.close()));
});

useTestDatabase();

const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };
const bob = { userId: "bob", name: "Bob", email: "bob@example.com" };

describe("a comment over REST", () => {
  it("reaches advanced webhooks (signed), trigger email and simple webhooks", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const advanced = await startReceiver();
    const raw = await startReceiver();
    const processed = await startReceiver();
    receivers.push(advanced, raw, processed);

    expect((await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true })).status).toBe(200);
    const endpoint = (await api("/v2/workspace/advancedwebhook/endpoints/create", { url: advanced.url })).body.result
      .data;
    const secret = (await api("/v2/workspace/advancedwebhook/endpoints/secret/get", { endpointId: endpoint.id })).body
      .result.data.secret;
    advanced.setSecrets([secret]);
    expect(
      (
        await api("/v2/workspace/emailconfig/update", {
          useEmailService: true,
          emailServiceConfig: {
            type: "sendgrid",
            apiKey: "SG.e2e-key-0001",
            fromEmail: "noreply@acme.test",
            fromCompany: "Acme",
          },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api("/v2/workspace/webhookconfig/update", {
          useWebhookService: true,
          webhookServiceConfig: {
            authToken: "c2VjcmV0",
            rawNotificationUrl: raw.url,
            processedNotificationUrl: processed.url,
          },
        })
      ).status,
    ).toBe(200);

    const added = await api("/v2/commentannotations/add", {
      organizationId: "org",
      documentId: "doc",
      commentAnnotations: [
        {
          annotationId: "ann-1",
          commentData: [
            {
              commentText: "@Bob can you check this?",
              from: ada,
              taggedUserContacts: [
                { text: "@Bob", userId: "bob", contact: { email: bob.email, name: bob.name, userId: "bob" } },
              ],
            },
          ],
        },
      ],
    });
    expect(added.body.result.message).toBe("Comment Annotation(s) added successfully.");

    await waitFor(() => advanced.received.length >= 1);
    const thread = advanced.received[0].json as {
      type: string;
      data: { commentAnnotation: { comments: { commentText: string }[] } };
    };
    expect(thread.type).toBe("comment_annotation.add");
    expect(thread.data.commentAnnotation.comments[0].commentText).toBe("@Bob can you check this?");

    await waitFor(() =>
      sendgrid.received.some(
        (m) =>
          (m.body as { personalizations: { to: { email: string }[] }[] }).personalizations[0].to[0].email === bob.email,
      ),
    );
    const toBob = sendgrid.received.find(
      (m) =>
        (m.body as { personalizations: { to: { email: string }[] }[] }).personalizations[0].to[0].email === bob.email,
    )!;
    expect(toBob.headers.authorization).toBe("Bearer SG.e2e-key-0001");
    expect((toBob.body as { from: unknown }).from).toEqual({ email: "noreply@acme.test", name: "Acme" });
    expect(JSON.stringify(toBob.body)).toContain("@Bob can you check this?");
    // Ada wrote the thread: she is not mailed about her own comment.
    expect(
      sendgrid.received.some(
        (m) =>
          (m.body as { personalizations: { to: { email: string }[] }[] }).personalizations[0].to[0].email === ada.email,
      ),
    ).toBe(false);

    await waitFor(() => raw.received.length >= 1 && processed.received.length >= 1);
    expect(raw.received[0].headers.authorization).toBe("Basic c2VjcmV0");
    expect(processed.received[0].headers.authorization).toBe("Basic c2VjcmV0");

    // Bob's reply is a comment.add, signed like the first.
    const reply = await api("/v2/commentannotations/comments/add", {
      organizationId: "org",
      documentId: "doc",
      annotationId: "ann-1",
      commentData: [{ commentText: "Checked, all fine.", from: bob }],
    });
    expect(reply.status).toBe(200);
    await waitFor(() => advanced.received.length >= 2);
    const second = advanced.received[1].json as { type: string; data: { comment: { commentText: string } } };
    expect(second).toMatchObject({ type: "comment.add", data: { comment: { commentText: "Checked, all fine." } } });
    expect(advanced.rejected).toEqual([]);
    for (const r of advanced.received) expect(r.verifiedWith).toEqual([0]);
    // Ada, the thread's author, hears about Bob's reply.
    await waitFor(() =>
      sendgrid.received.some(
        (m) =>
          (m.body as { personalizations: { to: { email: string }[] }[] }).personalizations[0].to[0].email === ada.email,
      ),
    );

    // The same comment is visible over REST as its activity record and Bob's notification.
    await waitFor(
      async () =>
        (await api("/v2/activities/get", { organizationId: "org", documentId: "doc" })).body.result?.data?.length > 0,
    );
    await waitFor(async () => {
      const n = await api("/v2/notifications/get", { organizationId: "org", userId: "bob" });
      return n.body.result?.data?.length > 0;
    });
  });
});
