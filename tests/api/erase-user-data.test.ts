import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { asKey, call, newWorkspace, useTestDatabase } from "../helpers/api";
import { startFakeSendgrid } from "../helpers/fake-sendgrid";
import { waitFor } from "../helpers/wait";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

// Delete All User Data (GDPR erase) and its status, from the reference examples; then the erase itself: a
// subject with data in every feature, erased; Get All User Data answers nothing for them and no row of any
// table in the catalog holds their id, while a bystander's data stays.

let sendgrid: Awaited<ReturnType<typeof startFakeSendgrid>>;
const receivers: Receiver[] = [];
beforeAll(async () => {
  sendgrid = await startFakeSendgrid();
  process.env.WEFT_SENDGRID_API_URL = sendgrid.url;
  process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
  process.env.WEFT_ERASE_BATCH_ROWS = "3";
  delete process.env.WEFT_SENDGRID_API_KEY;
  reloadEnvForTests();
});
afterAll(async () => {
  await sendgrid.close();
  await Promise.all(receivers.map((r) => r.close()));
  delete process.env.WEFT_ERASE_BATCH_ROWS;
  reloadEnvForTests();
});

useTestDatabase();

const SUBJECT = "gdpr-subject-7f3a";
const subject = { userId: SUBJECT, name: "Sub Ject", email: "subject.7f3a@example.com" };
const bystander = { userId: "bystander", name: "By Stander", email: "bystander@example.com" };
const contact = (u: typeof subject) => ({
  userId: u.userId,
  contact: { userId: u.userId, name: u.name, email: u.email },
});

type Api = ReturnType<typeof asKey>;

/**
 * Rows per table (every table of the catalog) whose text holds `id` anywhere: as a column, a JSON value or key,
 * inside a JSON document stored as text. The ids used here are distinctive, so any occurrence is theirs.
 */
async function rowsHolding(id: string): Promise<Record<string, number>> {
  const tables = await db().$queryRaw<{ table: string }[]>`
    SELECT table_name AS "table" FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`;
  const found: Record<string, number> = {};
  for (const { table } of tables) {
    const [{ n }] = await db().$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${table}" t WHERE strpos(row_to_json(t)::text, $1) > 0`,
      id,
    );
    if (n) found[table] = n;
  }
  return found;
}

async function settled() {
  await waitFor(async () => (await db().domainEvent.count({ where: { dispatchedAt: null } })) === 0, 20_000);
  await waitFor(
    async () =>
      (await db().job.count({
        where: { status: { in: ["pending", "running"] }, id: { not: { startsWith: "periodic_" } } },
      })) === 0,
    20_000,
  );
}

async function erased(api: Api, jobId: string) {
  await waitFor(
    async () => (await api("/v2/users/data/delete/status", { jobId })).body.result.data.isDeleteCompleted,
    30_000,
  );
}

/** A subject with data in every feature weft stores, next to a bystander's. */
async function seed(w: Awaited<ReturnType<typeof newWorkspace>>) {
  const api = asKey(w);
  const receiver = await startReceiver();
  receivers.push(receiver);
  await api("/v2/workspace/webhookconfig/update", {
    useWebhookService: true,
    webhookServiceConfig: { rawNotificationUrl: receiver.url },
  });
  await api("/v2/workspace/emailconfig/update", {
    useEmailService: true,
    emailServiceConfig: { type: "sendgrid", apiKey: "SG.erase-key", fromEmail: "noreply@acme.test" },
  });
  await api("/v2/users/add", { organizationId: "org", createOrganization: true, users: [subject, bystander] });
  await api("/v2/organizations/documents/add", { organizationId: "org", documents: [{ documentId: "doc" }] });
  await api("/v2/users/add", { organizationId: "org", documentId: "doc", users: [subject] });
  await api("/v2/notifications/config/set", { organizationId: "org", userIds: [SUBJECT], config: { inbox: "ALL" } });
  // An annotation the subject started, one by the bystander with the subject's reply, one mentioning and
  // assigned to the subject.
  await api("/v2/commentannotations/add", {
    organizationId: "org",
    documentId: "doc",
    commentAnnotations: [
      { annotationId: "theirs", commentData: [{ commentText: "mine", from: subject }] },
      { annotationId: "shared", commentData: [{ commentText: "by stander", from: bystander }] },
      {
        annotationId: "about",
        assignedTo: subject,
        commentData: [
          { commentText: "@Sub look", from: bystander, taggedUserContacts: [contact(subject), contact(bystander)] },
        ],
      },
    ],
  });
  await api("/v2/commentannotations/comments/add", {
    organizationId: "org",
    documentId: "doc",
    annotationId: "shared",
    commentData: [{ commentId: 424242, commentText: "subject's reply", from: subject }],
  });
  const [{ commentId: bystanders }] = (
    await api("/v2/commentannotations/comments/get", {
      organizationId: "org",
      documentId: "doc",
      annotationId: "shared",
    })
  ).body.result.data;
  await api("/v2/commentannotations/comments/reactions/add", {
    organizationId: "org",
    documentId: "doc",
    annotationId: "shared",
    commentId: bystanders,
    icon: "👍",
    from: subject,
  });
  await api("/v1/notifications/add", {
    organizationId: "org",
    documentId: "doc",
    notificationId: "custom",
    actionUser: bystander,
    displayHeadlineMessageTemplate: "{actionUser} pinged {recipientUser}",
    displayHeadlineMessageTemplateData: { actionUser: bystander, recipientUser: subject },
    displayBodyMessage: "ping",
    notifyUsers: [subject, bystander],
    notifyAll: false,
  });
  await api("/v2/notifications/update", {
    organizationId: "org",
    notifications: [{ id: "custom", readByUserIds: [SUBJECT] }],
  });
  await api("/v2/commentannotations/read/update", {
    organizationId: "org",
    documentId: "doc",
    annotationIds: ["shared"],
    readByUserIds: [SUBJECT, "bystander"],
  });
  await api("/v2/activities/add", {
    organizationId: "org",
    documentId: "doc",
    activities: [{ featureType: "custom", actionType: "viewed", actionUser: subject, targetEntityId: "doc" }],
  });
  // A stored Idempotency-Key reply (keyed by the subject's id).
  await call(
    "/v2/users/add",
    { organizationId: "org", users: [subject] },
    { headers: { ...w.key, "idempotency-key": "add-subject-again" } },
  );
  await api("/v2/crdt/add", { organizationId: "org", documentId: "doc", editorId: "ed", type: "text", data: "hello" });
  // As a live edit by the subject leaves it (lib/live records the editing user).
  await db().crdtDocument.updateMany({
    where: { apiKeyId: w.apiKey, editorId: "ed" },
    data: { lastUpdatedBy: SUBJECT },
  });
  // A version saved for the subject (savedBy).
  await api("/v2/crdt/versions/save", {
    organizationId: "org",
    documentId: "doc",
    editorId: "ed",
    versionName: "before review",
    userId: SUBJECT,
  });
  await settled();
}

describe("Delete All User Data and its status", () => {
  it("reference example: 202, not wrapped in result; status from the reference example once done", async () => {
    const api = asKey(await newWorkspace());
    const res = await api("/v2/users/data/delete", {
      userIds: ["yourUserId1", "yourUserId2"],
      organizationIds: ["yourOrganizationId1", "yourOrganizationId2"],
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      status: "success",
      message: "Data deletion process has been initiated.",
      data: { jobId: expect.any(String), tasksCount: expect.any(Number) },
      statusCode: 202,
    });
    const { jobId, tasksCount } = res.body.data;
    expect(tasksCount % 2).toBe(0);
    await erased(api, jobId);
    expect((await api("/v2/users/data/delete/status", { jobId })).body).toEqual({
      result: {
        status: "success",
        message: "Data fetched successfully.",
        data: { isDeleteCompleted: true, tasksLeft: 0, lastTaskCompletedTime: expect.any(Number) },
      },
    });
    // The v1 paths are the same calls.
    const v1 = await api("/v1/users/data/delete", { userIds: ["yourUserId1"] });
    expect(v1.status).toBe(202);
    await erased(api, v1.body.data.jobId);
    expect((await api("/v1/users/data/delete/status", { jobId: v1.body.data.jobId })).body.result.data.tasksLeft).toBe(
      0,
    );
  });

  it("refuses bad input naming the field and records nothing; a job of another key is NOT_FOUND", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const empty = await api("/v2/users/data/delete", { userIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain("userIds");
    expect(await db().userDataErasure.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
    const started = await api("/v2/users/data/delete", { userIds: ["someone"] });
    const other = asKey(await newWorkspace());
    const foreign = await other("/v2/users/data/delete/status", { jobId: started.body.data.jobId });
    expect(foreign.body.error).toEqual({ status: "NOT_FOUND", message: "Data deletion job not found." });
  });

  it("erases everything stored under the subject's id: Get All User Data is empty, no table holds the id", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await seed(w);
    const before = await rowsHolding(SUBJECT);
    // The seed reached every feature: comments, reactions, notifications, reads, preferences, profile, ...
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        "Comment",
        "CommentAnnotation",
        "CommentReaction",
        "Notification",
        "NotificationRecipient",
        "NotificationRead",
        "CommentAnnotationRead",
        "NotificationPreference",
        "OrganizationUser",
        "Membership",
        "ActivityLog",
        "DomainEvent",
        "WebhookMessage",
        "CrdtDocument",
        "CrdtVersion",
      ]),
    );
    // The stored Idempotency-Key reply is sealed, so no scan sees the id in it: it is checked by its key.
    const storedReply = { scopeKey: `apiKey:${w.apiKey}`, key: "add-subject-again" };
    expect(await db().idempotencyRecord.count({ where: storedReply })).toBe(1);
    // Trigger mail to the subject: known by address only.
    expect(Object.keys(await rowsHolding(subject.email))).toEqual(
      expect.arrayContaining(["EmailDelivery", "OutboxMail"]),
    );
    const data = await api("/v2/users/data/get", { organizationId: "org", userId: SUBJECT });
    expect(data.body.result.data.comments.length).toBeGreaterThan(0);

    const res = await api("/v2/users/data/delete", { userIds: [SUBJECT] });
    await erased(api, res.body.data.jobId);

    expect((await api("/v2/users/data/get", { organizationId: "org", userId: SUBJECT })).body.result).toEqual({
      status: "success",
      message: "Data fetched successfully.",
      data: { comments: [], reactions: [], recordings: [], notifications: [] },
      nextPageToken: null,
    });
    expect(await rowsHolding(SUBJECT)).toEqual({});
    expect(await rowsHolding(subject.email)).toEqual({});
    expect(await db().idempotencyRecord.count({ where: storedReply })).toBe(0);

    // The bystander's annotations stay, without the subject's reply, mention or assignment.
    const left = await api("/v2/commentannotations/get", { organizationId: "org", documentId: "doc" });
    const byId = Object.fromEntries(
      left.body.result.data.map((a: { annotationId: string }) => [a.annotationId, a]),
    ) as Record<string, { comments: { commentText: string; taggedUserContacts?: unknown[] }[]; assignedTo?: unknown }>;
    expect(Object.keys(byId).sort()).toEqual(["about", "shared"]);
    expect(byId.shared.comments.map((c) => c.commentText)).toEqual(["by stander"]);
    expect(byId.about.assignedTo).toBeUndefined();
    expect(byId.about.comments[0].taggedUserContacts).toEqual([contact(bystander)]);
    const users = await api("/v2/users/get", { organizationId: "org" });
    expect(users.body.result.data.map((u: { userId: string }) => u.userId)).toEqual(["bystander"]);
  });

  it("organizationIds narrows the erase to those organizations", async () => {
    const api = asKey(await newWorkspace());
    for (const organizationId of ["keep", "drop"])
      await api("/v2/users/add", { organizationId, createOrganization: true, users: [subject] });
    const res = await api("/v2/users/data/delete", { userIds: [SUBJECT], organizationIds: ["drop"] });
    await erased(api, res.body.data.jobId);
    const ids = async (organizationId: string) =>
      (await api("/v2/users/get", { organizationId })).body.result.data.map((u: { userId: string }) => u.userId);
    expect(await ids("keep")).toEqual([SUBJECT]);
    expect(await ids("drop")).toEqual([]);
  });
});
