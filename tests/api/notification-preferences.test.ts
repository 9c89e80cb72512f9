import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { emitEvent } from "../helpers/emit-event";
import { startFakeSendgrid } from "../helpers/fake-sendgrid";
import { waitFor } from "../helpers/wait";

// Get / Set Notification Config (a user's preferences, /v2/notifications/config/* and the v1 paths) from the
// reference examples, and their effect: inbox on who becomes a recipient (fan-out and comment notifications),
// email on trigger mail counted at a fake SendGrid.

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

async function setup(organizationId = "org1") {
  const w = await newWorkspace();
  const api = asKey(w);
  await api("/v2/organizations/add", { organizations: [{ organizationId, organizationName: organizationId }] });
  return { w, api };
}

describe("Set / Get Notification Config (user preferences)", () => {
  it("reference examples, document level: set answers per user, get answers what applies", async () => {
    const { w, api } = await setup();
    const set = await api("/v2/notifications/config/set", {
      organizationId: "org1",
      documentIds: ["doc1"],
      userIds: ["USER_ID1"],
      config: { inbox: "ALL", email: "ALL" },
    });
    expect(set.body).toEqual({
      result: {
        status: "success",
        message: "User config set successfully.",
        data: {
          USER_ID1: {
            success: true,
            userId: "USER_ID1",
            documentId: "doc1",
            message: "User config set successfully.",
          },
        },
      },
    });
    const got = await api("/v2/notifications/config/get", {
      organizationId: "org1",
      documentIds: ["doc1"],
      userId: "USER_ID1",
    });
    expect(got.body).toEqual({
      result: {
        status: "success",
        message: "User config fetched successfully.",
        data: [
          {
            config: { inbox: "ALL", email: "ALL" },
            metadata: { organizationId: "org1", apiKey: w.apiKey, documentId: "doc1", userId: "USER_ID1" },
          },
        ],
      },
    });
  });

  it("reference examples, organization level: the default applies to documents without their own value", async () => {
    const { w, api } = await setup();
    const set = await api("/v2/notifications/config/set", {
      organizationId: "org1",
      userIds: ["USER_ID1"],
      config: { inbox: "MINE", email: "NONE" },
    });
    expect(set.body.result.data).toEqual({
      USER_ID1: { success: true, userId: "USER_ID1", message: "User config set successfully." },
    });
    const orgLevel = await api("/v2/notifications/config/get", {
      organizationId: "org1",
      userId: "USER_ID1",
      getOrganizationConfig: true,
    });
    expect(orgLevel.body.result.data).toEqual([
      {
        config: { inbox: "MINE", email: "NONE" },
        metadata: { organizationId: "org1", apiKey: w.apiKey, userId: "USER_ID1" },
      },
    ]);
    // doc1 sets only its inbox: email still comes from the organization default; doc2 has nothing of its own.
    await api("/v2/notifications/config/set", {
      organizationId: "org1",
      documentIds: ["doc1"],
      userIds: ["USER_ID1"],
      config: { inbox: "ALL", slack: "NONE" },
    });
    const docs = await api("/v2/notifications/config/get", {
      organizationId: "org1",
      documentIds: ["doc1", "doc2"],
      userId: "USER_ID1",
    });
    expect(docs.body.result.data.map((d: { config: unknown }) => d.config)).toEqual([
      { inbox: "ALL", email: "NONE", slack: "NONE" },
      { inbox: "MINE", email: "NONE" },
    ]);
  });

  it("several documents and users in one call; a user who set nothing has ALL", async () => {
    const { w, api } = await setup();
    const set = await api("/v2/notifications/config/set", {
      organizationId: "org1",
      documentIds: ["d1", "d2"],
      userIds: ["u1", "u2"],
      config: { email: "MINE" },
    });
    expect(set.body.result.data.u2).toEqual({
      success: true,
      userId: "u2",
      documentIds: ["d1", "d2"],
      message: "User config set successfully.",
    });
    expect(await db().notificationPreference.count({ where: { apiKeyId: w.apiKey, email: "MINE" } })).toBe(4);
    const nobody = await api("/v2/notifications/config/get", {
      organizationId: "org1",
      documentIds: ["d1"],
      userId: "u3",
    });
    expect(nobody.body.result.data[0].config).toEqual({ inbox: "ALL", email: "ALL" });
  });

  it("v1 paths: documentIds are required, getOrganizationConfig is not part of v1", async () => {
    const { api } = await setup();
    const noDocs = await api("/v1/notifications/config/set", {
      organizationId: "org1",
      userIds: ["u1"],
      config: { inbox: "NONE" },
    });
    expect(noDocs.body.error.status).toBe("INVALID_ARGUMENT");
    expect(noDocs.body.error.message).toContain("documentIds");
    const set = await api("/v1/notifications/config/set", {
      organizationId: "org1",
      documentIds: ["doc1"],
      userIds: ["USER_ID1"],
      config: { inbox: "NONE", email: "ALL" },
    });
    expect(set.body.result.data.USER_ID1.documentId).toBe("doc1");
    const orgFlag = await api("/v1/notifications/config/get", {
      organizationId: "org1",
      userId: "USER_ID1",
      getOrganizationConfig: true,
    });
    expect(orgFlag.body.error.status).toBe("INVALID_ARGUMENT");
    const got = await api("/v1/notifications/config/get", {
      organizationId: "org1",
      documentIds: ["doc1"],
      userId: "USER_ID1",
    });
    expect(got.body.result.message).toBe("User config fetched successfully.");
    expect(got.body.result.data[0].config).toEqual({ inbox: "NONE", email: "ALL" });
  });

  it("refuses what it cannot store, naming the field, and writes nothing", async () => {
    const { w, api } = await setup();
    const cases: [unknown, string][] = [
      [{ organizationId: "org1", userIds: ["u"], config: { inbox: "SOME" } }, "config.inbox"],
      [{ organizationId: "org1", userIds: ["u"], config: {} }, "config must set inbox, email or slack."],
      [{ organizationId: "org1", userIds: [], config: { inbox: "ALL" } }, "userIds"],
      [{ organizationId: "org1", userIds: ["u"], config: { inbox: "ALL", sms: "ALL" } }, "sms"],
    ];
    for (const [data, named] of cases) {
      const res = await api("/v2/notifications/config/set", data);
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe("INVALID_ARGUMENT");
      expect(res.body.error.message).toContain(named);
    }
    const neither = await api("/v2/notifications/config/get", { organizationId: "org1", userId: "u" });
    expect(neither.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "documentIds is required unless getOrganizationConfig is true.",
    });
    const missingOrg = await api("/v2/notifications/config/set", {
      organizationId: "nope",
      userIds: ["u"],
      config: { inbox: "ALL" },
    });
    expect(missingOrg.status).toBe(404);
    expect(await db().notificationPreference.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
  });

  it("needs the key's notifications on, as the reference says", async () => {
    const { api } = await setup();
    await api("/v2/workspace/notificationconfig/update", { useNotificationService: false });
    const res = await api("/v2/notifications/config/set", {
      organizationId: "org1",
      userIds: ["u"],
      config: { inbox: "ALL" },
    });
    expect(res.body.error.status).toBe("FAILED_PRECONDITION");
  });
});

describe("inbox preference: who becomes a recipient", () => {
  const user = (userId: string) => ({ userId, name: userId, email: `${userId}@example.com` });

  it("fan-out (notifyAll) reaches ALL users only; a named user with MINE gets it, NONE never; the document's value wins", async () => {
    const { api } = await setup("org");
    await api("/v2/users/add", { organizationId: "org", users: ["all", "mine", "none", "docall", "named"].map(user) });
    await api("/v2/notifications/config/set", {
      organizationId: "org",
      userIds: ["mine", "named"],
      config: { inbox: "MINE" },
    });
    await api("/v2/notifications/config/set", {
      organizationId: "org",
      userIds: ["none", "docall"],
      config: { inbox: "NONE" },
    });
    await api("/v2/notifications/config/set", {
      organizationId: "org",
      documentIds: ["doc"],
      userIds: ["docall"],
      config: { inbox: "ALL" },
    });
    await api("/v1/notifications/add", {
      organizationId: "org",
      documentId: "doc",
      createDocument: true,
      notificationId: "fan",
      actionUser: user("boss"),
      displayHeadlineMessageTemplate: "News",
      displayBodyMessage: "For everyone",
      notifyUsers: [user("named"), user("none")],
      notifyAll: true,
    });
    const recipients = async () =>
      (await api("/v1/notifications/get", { organizationId: "org", notificationIds: ["fan"] })).body.result.data[0]
        .notifyUsersByUserId;
    // The fan-out job has run once its job row is done.
    await waitFor(async () => (await db().job.count({ where: { kind: "notifications.fanout", status: "done" } })) > 0);
    await waitFor(async () => Object.keys(await recipients()).length >= 3);
    await waitFor(
      async () =>
        (await db().job.count({
          where: { kind: "notifications.fanout", status: { in: ["pending", "running"] } },
        })) === 0,
    );
    expect(await recipients()).toEqual({ all: true, docall: true, named: true });
  });

  it("comment notifications: a mention reaches MINE, not NONE", async () => {
    const { api } = await setup("org");
    await api("/v2/notifications/config/set", { organizationId: "org", userIds: ["bob"], config: { inbox: "MINE" } });
    await api("/v2/notifications/config/set", { organizationId: "org", userIds: ["cyd"], config: { inbox: "NONE" } });
    const contact = (userId: string) => ({
      userId,
      contact: { userId, name: userId, email: `${userId}@example.com` },
    });
    await api("/v2/commentannotations/add", {
      organizationId: "org",
      documentId: "doc",
      commentAnnotations: [
        {
          annotationId: "ann",
          commentData: [
            {
              commentText: "@bob @cyd have a look",
              from: user("ada"),
              taggedUserContacts: [contact("bob"), contact("cyd")],
            },
          ],
        },
      ],
    });
    await waitFor(
      async () => (await db().domainEvent.count({ where: { organizationId: "org", dispatchedAt: { not: null } } })) > 0,
    );
    const bob = await api("/v1/notifications/get", { organizationId: "org", userId: "bob" });
    expect(bob.body.result.data).toHaveLength(1);
    expect(bob.body.result.data[0].notifyUsersByUserId).toEqual({ bob: true });
    const cyd = await api("/v1/notifications/get", { organizationId: "org", userId: "cyd" });
    expect(cyd.body.result.data).toEqual([]);
  });
});

describe("email preference: who gets trigger mail", () => {
  it("NONE for the document skips the mail, recorded with its reason; others are mailed", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/add", { organizations: [{ organizationId: "org-1", organizationName: "Org" }] });
    await api("/v2/workspace/emailconfig/update", {
      useEmailService: true,
      emailServiceConfig: { type: "sendgrid", apiKey: "SG.prefs-key", fromEmail: "noreply@acme.test" },
    });
    await api("/v2/notifications/config/set", {
      organizationId: "org-1",
      documentIds: ["doc-1"],
      userIds: ["bob"],
      config: { email: "NONE" },
    });
    await api("/v2/notifications/config/set", { organizationId: "org-1", userIds: ["cyd"], config: { email: "MINE" } });
    const bob = { userId: "bob", name: "Bob", email: "bob.prefs@example.com" };
    const cyd = { userId: "cyd", name: "Cyd", email: "cyd.prefs@example.com" };
    const event = await emitEvent(w.apiKey, { type: "comment.add", mentioned: [bob, cyd] });
    const mailsTo = (to: string) => sendgrid.received.filter((m) => m.body.personalizations[0].to[0].email === to);
    await waitFor(async () => (await db().emailDelivery.count({ where: { eventId: event.id, status: "sent" } })) === 1);
    expect(mailsTo(cyd.email)).toHaveLength(1);
    const deliveries = await db().emailDelivery.findMany({ where: { eventId: event.id }, orderBy: { to: "asc" } });
    expect(deliveries.map((d) => [d.to, d.status, d.reason])).toEqual([
      [
        bob.email,
        "skipped",
        "The recipient turned email notifications off for this document (Set Notification Config: email NONE).",
      ],
      [cyd.email, "sent", null],
    ]);
    expect(mailsTo(bob.email)).toHaveLength(0);
  });
});
