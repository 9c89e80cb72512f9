import { describe, expect, it } from "vitest";
import { fanOutNotification } from "@/lib/domain/notifications/fanout-job";
import { notificationRowId } from "@/lib/domain/notifications/write-notification";
import { commitInChunks, db } from "@/lib/infra/db";
import { asKey, newWorkspace, setAdvancedQueries, useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

useTestDatabase();

const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };
const bob = { userId: "bob", name: "Bob", email: "bob@example.com" };

async function setup() {
  const w = await newWorkspace();
  const api = asKey(w);
  await api("/v2/organizations/documents/add", {
    organizationId: "org",
    createOrganization: true,
    documents: [{ documentId: "doc" }],
  });
  return { w, api };
}

const notification = (extra: Record<string, unknown> = {}) => ({
  organizationId: "org",
  documentId: "doc",
  actionUser: ada,
  displayHeadlineMessageTemplate: "{actionUser} pinged {recipientUser} about {topic}",
  displayHeadlineMessageTemplateData: { actionUser: ada, recipientUser: bob, topic: "the budget" },
  displayBodyMessage: "Please look at the numbers",
  notifyUsers: [bob],
  notifyAll: false,
  ...extra,
});

describe("Add and Get Notifications", () => {
  it("v1 add stores every field of the Notification table, templates as sent, timestamp in ms", async () => {
    const { w, api } = await setup();
    const before = Date.now();
    const added = await api(
      "/v1/notifications/add",
      notification({ notificationId: "n-1", notificationSourceData: { kind: "budget" } }),
    );
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      result: {
        status: "success",
        message: "Notification added successfully.",
        data: { success: true, message: "Notification added successfully." },
      },
    });
    const got = await api("/v1/notifications/get", { organizationId: "org", documentId: "doc" });
    expect(got.body.result.message).toBe("Notification(s) retrieved successfully.");
    expect(got.body.result.data).toEqual([
      {
        id: "n-1",
        notificationSource: "custom",
        notificationSourceData: { kind: "budget" },
        actionUser: ada,
        displayHeadlineMessageTemplate: "{actionUser} pinged {recipientUser} about {topic}",
        displayHeadlineMessageTemplateData: { actionUser: ada, recipientUser: bob, topic: "the budget" },
        displayBodyMessage: "Please look at the numbers",
        metadata: { apiKey: w.apiKey, documentId: "doc", organizationId: "org" },
        notifyUsers: { "bob@example.com": true },
        notifyUsersByUserId: { bob: true },
        timestamp: expect.any(Number),
      },
    ]);
    expect(got.body.result.data[0].timestamp).toBeGreaterThanOrEqual(before - 1000);
    expect(got.body.result.data[0].timestamp).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("the same notificationId twice is one notification", async () => {
    const { api } = await setup();
    expect((await api("/v1/notifications/add", notification({ notificationId: "dup" }))).status).toBe(200);
    expect(
      (await api("/v1/notifications/add", notification({ notificationId: "dup", displayBodyMessage: "again" }))).status,
    ).toBe(200);
    const got = await api("/v1/notifications/get", { organizationId: "org", notificationIds: ["dup"] });
    expect(got.body.result.data).toHaveLength(1);
    expect(got.body.result.data[0].displayBodyMessage).toBe("Please look at the numbers");
  });

  it("refuses notificationIds with special characters other than _ and -", async () => {
    const { api } = await setup();
    const res = await api("/v1/notifications/add", notification({ notificationId: "a/b" }));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "notificationId may contain only letters, digits, _ and -.",
    });
  });

  it("a missing document is NOT_FOUND unless createDocument is set", async () => {
    const { api } = await setup();
    const missing = await api("/v1/notifications/add", notification({ documentId: "new-doc" }));
    expect(missing.status).toBe(404);
    const created = await api("/v1/notifications/add", notification({ documentId: "new-doc", createDocument: true }));
    expect(created.status).toBe(200);
  });

  it("notifyAll (the default) reaches every organization user through the fan-out job", async () => {
    const { api } = await setup();
    await api("/v2/users/add", { organizationId: "org", users: [ada, bob, { userId: "cy" }] });
    await api("/v1/notifications/add", notification({ notificationId: "all", notifyUsers: [], notifyAll: undefined }));
    await waitFor(async () => {
      const got = await api("/v1/notifications/get", { organizationId: "org", userId: "cy" });
      return got.body.result.data.length === 1;
    });
    const got = await api("/v1/notifications/get", { organizationId: "org", notificationIds: ["all"] });
    expect(got.body.result.data[0].notifyUsersByUserId).toEqual({ ada: true, bob: true, cy: true });
    expect(got.body.result.data[0].notifyUsers).toEqual({ "ada@example.com": true, "bob@example.com": true, cy: true });
  });

  it("fans out across chunks (2,500 users), idempotently, to organization-level users only", async () => {
    const { w, api } = await setup();
    for (let i = 0; i < 3; i++) {
      const n = i < 2 ? 1000 : 500;
      await api("/v2/users/add", {
        organizationId: "org",
        users: Array.from({ length: n }, (_, j) => ({ userId: `u${i * 1000 + j}` })),
      });
    }
    await api("/v2/users/add", { organizationId: "org", documentId: "doc", users: [{ userId: "doc-only" }] });
    await api("/v1/notifications/add", notification({ notificationId: "big", notifyUsers: [], notifyAll: true }));
    const job = {
      apiKeyId: w.apiKey,
      organizationId: "org",
      notificationRowId: notificationRowId({ apiKeyId: w.apiKey, organizationId: "org" }, "big"),
    };
    await fanOutNotification(job, { db: db(), commitInChunks });
    await fanOutNotification(job, { db: db(), commitInChunks });
    expect(await db().notificationRecipient.count({ where: { notificationRowId: job.notificationRowId } })).toBe(2500);
    expect(
      await db().notificationRecipient.count({
        where: { notificationRowId: job.notificationRowId, userId: "doc-only" },
      }),
    ).toBe(0);
  });

  it("filters combine: documentId, userId, notificationIds", async () => {
    const { api } = await setup();
    await api("/v2/organizations/documents/add", { organizationId: "org", documents: [{ documentId: "doc2" }] });
    await api("/v1/notifications/add", notification({ notificationId: "a" }));
    await api("/v1/notifications/add", notification({ notificationId: "b", documentId: "doc2" }));
    await api("/v1/notifications/add", notification({ notificationId: "c", notifyUsers: [ada] }));
    const ids = async (f: Record<string, unknown>) =>
      ((await api("/v1/notifications/get", { organizationId: "org", ...f })).body.result.data as { id: string }[])
        .map((n) => n.id)
        .sort();
    expect(await ids({ documentId: "doc" })).toEqual(["a", "c"]);
    expect(await ids({ userId: "bob" })).toEqual(["a", "b"]);
    expect(await ids({ userId: "bob", documentId: "doc" })).toEqual(["a"]);
    expect(await ids({ notificationIds: ["b", "c"] })).toEqual(["b", "c"]);
    expect(await ids({ documentId: "doc", notificationIds: ["b"] })).toEqual([]);
  });

  it("v2 get pages with an opaque pageToken, newest first by default, and needs advanced queries", async () => {
    const { w, api } = await setup();
    for (const id of ["p1", "p2", "p3"]) await api("/v2/notifications/add", notification({ notificationId: id }));
    const first = await api("/v2/notifications/get", { organizationId: "org", documentId: "doc", pageSize: 2 });
    expect(first.body.result.data.map((n: { id: string }) => n.id)).toEqual(["p3", "p2"]);
    expect(typeof first.body.result.pageToken).toBe("string");
    const second = await api("/v2/notifications/get", {
      organizationId: "org",
      documentId: "doc",
      pageSize: 2,
      pageToken: first.body.result.pageToken,
    });
    expect(second.body.result.data.map((n: { id: string }) => n.id)).toEqual(["p1"]);
    expect(second.body.result.pageToken).toBeUndefined();
    const asc = await api("/v2/notifications/get", { organizationId: "org", order: "asc" });
    expect(asc.body.result.data.map((n: { id: string }) => n.id)).toEqual(["p1", "p2", "p3"]);
    await setAdvancedQueries(w.apiKey, false);
    const off = await api("/v2/notifications/get", { organizationId: "org" });
    expect(off.body.error.status).toBe("FAILED_PRECONDITION");
  });

  it("v2 add: resolver mode needs no headline or body; otherwise they are required", async () => {
    const { api } = await setup();
    const bare = { organizationId: "org", documentId: "doc", actionUser: ada, notifyUsers: [bob], notifyAll: false };
    const refused = await api("/v2/notifications/add", bare);
    expect(refused.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "displayHeadlineMessageTemplate is required.",
    });
    const ok = await api("/v2/notifications/add", {
      ...bare,
      notificationId: "r1",
      isNotificationResolverUsed: true,
      notificationSource: "custom",
    });
    expect(ok.status).toBe(200);
    const got = await api("/v1/notifications/get", { organizationId: "org", notificationIds: ["r1"] });
    expect(got.body.result.data[0]).not.toHaveProperty("displayHeadlineMessageTemplate");
  });

  it("v2 add with verifyUserPermissions notifies only users who may open the document", async () => {
    const { api } = await setup();
    await api("/v2/users/add", { organizationId: "org", documentId: "doc", users: [bob] });
    const recipients = async (notificationId: string) => {
      const sent = await api(
        "/v2/notifications/add",
        notification({ notificationId, notifyUsers: [bob, { userId: "stranger" }], verifyUserPermissions: true }),
      );
      expect(sent.status).toBe(200);
      const got = await api("/v1/notifications/get", { organizationId: "org", notificationIds: [notificationId] });
      return got.body.result.data[0].notifyUsersByUserId;
    };
    // A public document (the default) is open to every user of the key.
    expect(await recipients("public")).toEqual({ bob: true, stranger: true });
    await api("/v2/organizations/documents/access/update", {
      organizationId: "org",
      documentIds: ["doc"],
      accessType: "restricted",
    });
    expect(await recipients("restricted")).toEqual({ bob: true });
    await api("/v2/organizations/documents/access/disablestate/update", {
      organizationId: "org",
      documentIds: ["doc"],
      disabled: true,
    });
    expect(await recipients("disabled")).toEqual({});
  });
});

describe("Delete Notifications", () => {
  it("deletes by notificationIds; unknown ids report failure while the call succeeds", async () => {
    const { api } = await setup();
    await api("/v1/notifications/add", notification({ notificationId: "d1" }));
    const res = await api("/v2/notifications/delete", {
      organizationId: "org",
      documentId: "doc",
      notificationIds: ["d1", "nope"],
    });
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Notification(s) deleted successfully.",
        data: {
          d1: { success: true, message: "Notification deleted." },
          nope: { success: false, message: "Failed to delete notification." },
        },
      },
    });
    expect((await api("/v1/notifications/get", { organizationId: "org" })).body.result.data).toEqual([]);
  });

  it("with userId removes only that user's copy", async () => {
    const { api } = await setup();
    await api("/v1/notifications/add", notification({ notificationId: "shared", notifyUsers: [ada, bob] }));
    await api("/v2/notifications/delete", { organizationId: "org", userId: "bob" });
    expect((await api("/v1/notifications/get", { organizationId: "org", userId: "bob" })).body.result.data).toEqual([]);
    expect(
      (await api("/v1/notifications/get", { organizationId: "org", userId: "ada" })).body.result.data,
    ).toHaveLength(1);
  });

  it("needs at least one filter", async () => {
    const { api } = await setup();
    const res = await api("/v2/notifications/delete", { organizationId: "org" });
    expect(res.body.error.status).toBe("INVALID_ARGUMENT");
  });

  it("Delete Users (organization level) removes the user from notification recipients", async () => {
    const { api } = await setup();
    await api("/v2/users/add", { organizationId: "org", users: [bob] });
    await api("/v1/notifications/add", notification({ notificationId: "x", notifyUsers: [ada, bob] }));
    await api("/v2/users/delete", { organizationId: "org", userIds: ["bob"] });
    const got = await api("/v1/notifications/get", { organizationId: "org", notificationIds: ["x"] });
    expect(got.body.result.data[0].notifyUsersByUserId).toEqual({ ada: true });
  });

  it("Delete Documents removes the document's notifications", async () => {
    const { api } = await setup();
    await api("/v1/notifications/add", notification({ notificationId: "gone" }));
    await api("/v2/organizations/documents/delete", { organizationId: "org", documentIds: ["doc"] });
    expect((await api("/v1/notifications/get", { organizationId: "org" })).body.result.data).toEqual([]);
  });
});
