import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { asKey, newWorkspace, setAdvancedQueries, useTestDatabase } from "../helpers/api";

// Read state: Update Notifications (content, readByUserIds, persistReadForUsers) and what Get Notifications
// answers for a user; Get Comment Annotations Count (total, unread) and the weft extension that marks
// annotations read. From the reference examples.

useTestDatabase();

const user = (userId: string) => ({ userId, name: userId, email: `${userId}@example.com` });

async function withNotification(organizationId = "yourOrganizationId", documentId = "yourDocumentId") {
  const w = await newWorkspace();
  const api = asKey(w);
  const add = (notificationId: string, notifyUsers = [user("yourUserId"), user("ann")]) =>
    api("/v1/notifications/add", {
      organizationId,
      documentId,
      createOrganization: true,
      createDocument: true,
      notificationId,
      actionUser: user("boss"),
      displayHeadlineMessageTemplate: "{actionUser} said hello",
      displayBodyMessage: "Original body",
      notifyUsers,
      notifyAll: false,
    });
  await add("yourNotificationId");
  return { w, api, add };
}

describe("Update Notifications", () => {
  const examples: [string, Record<string, unknown>][] = [
    ["1. by organizationId and documentId", { documentId: "yourDocumentId" }],
    ["2. by organizationId, documentId and locationId", { documentId: "yourDocumentId", locationId: "yourLocationId" }],
    ["3. by organizationId, documentId and userId", { documentId: "yourDocumentId", userId: "yourUserId" }],
    ["4. by organizationId and userId", { userId: "yourUserId" }],
    [
      "5. by organizationId, documentId, locationId and userId",
      { documentId: "yourDocumentId", userId: "yourUserId", locationId: "yourLocationId" },
    ],
    ["6. with permission verification", { documentId: "yourDocumentId", verifyUserPermissions: true }],
  ];
  for (const [label, filters] of examples) {
    it(`reference example ${label}`, async () => {
      const { api } = await withNotification();
      const located = "locationId" in filters;
      const res = await api("/v2/notifications/update", {
        organizationId: "yourOrganizationId",
        ...filters,
        notifications: [{ id: "yourNotificationId", displayBodyMessage: "This is body message (Secondary message)" }],
      });
      // The notification has no location: a locationId filter leaves it out, and the id is reported as failed.
      expect(res.body).toEqual({
        result: {
          status: "success",
          message: "Notification(s) updated successfully.",
          data: {
            yourNotificationId: located
              ? { success: false, message: "Failed to update notification." }
              : { success: true, message: "Notification updated." },
          },
        },
      });
      const got = await api("/v1/notifications/get", { organizationId: "yourOrganizationId" });
      expect(got.body.result.data[0].displayBodyMessage).toBe(
        located ? "Original body" : "This is body message (Secondary message)",
      );
    });
  }

  it("reference reply 'some notifications are not found': per id, the call still succeeds", async () => {
    const { api } = await withNotification();
    const res = await api("/v2/notifications/update", {
      organizationId: "yourOrganizationId",
      notifications: [
        { id: "5471488637912692", displayBodyMessage: "x" },
        {
          id: "yourNotificationId",
          actionUser: user("chief"),
          displayHeadlineMessageTemplate: "{actionUser} changed it",
          displayHeadlineMessageTemplateData: { actionUser: user("chief"), yourCustomField: "v" },
          notificationSourceData: { link: "/doc" },
        },
      ],
    });
    expect(res.body.result.data).toEqual({
      "5471488637912692": { success: false, message: "Failed to update notification." },
      yourNotificationId: { success: true, message: "Notification updated." },
    });
    const [n] = (await api("/v1/notifications/get", { organizationId: "yourOrganizationId" })).body.result.data;
    expect(n).toMatchObject({
      actionUser: user("chief"),
      displayHeadlineMessageTemplate: "{actionUser} changed it",
      displayHeadlineMessageTemplateData: { actionUser: user("chief"), yourCustomField: "v" },
      notificationSourceData: { link: "/doc" },
      displayBodyMessage: "Original body",
    });
  });

  it("readByUserIds: Get Notifications for a user answers isUnread and forYou; persistReadForUsers keeps it in For You", async () => {
    const { api, add } = await withNotification();
    await add("second");
    await api("/v2/notifications/update", {
      organizationId: "yourOrganizationId",
      notifications: [
        { id: "yourNotificationId", readByUserIds: ["yourUserId"] },
        { id: "second", readByUserIds: ["yourUserId", "ann"], persistReadForUsers: true },
      ],
    });
    const inbox = async (path: string, userId: string) => {
      const res = await api(path, { organizationId: "yourOrganizationId", userId });
      return Object.fromEntries(
        res.body.result.data.map((n: { id: string; isUnread: boolean; forYou: boolean }) => [
          n.id,
          { isUnread: n.isUnread, forYou: n.forYou },
        ]),
      );
    };
    for (const path of ["/v1/notifications/get", "/v2/notifications/get"]) {
      expect(await inbox(path, "yourUserId")).toEqual({
        yourNotificationId: { isUnread: false, forYou: false },
        second: { isUnread: false, forYou: true },
      });
      expect(await inbox(path, "ann")).toEqual({
        yourNotificationId: { isUnread: true, forYou: true },
        second: { isUnread: false, forYou: true },
      });
    }
    // Without a userId there is no reader: no read state in the records.
    const all = await api("/v1/notifications/get", { organizationId: "yourOrganizationId" });
    expect(all.body.result.data[0]).not.toHaveProperty("isUnread");
    // Get All User Data shows the user's read state too.
    const data = await api("/v2/users/data/get", { organizationId: "yourOrganizationId", userId: "yourUserId" });
    expect(data.body.result.data.notifications.map((n: { isUnread: boolean }) => n.isUnread)).toEqual([false, false]);
  });

  it("verifyUserPermissions marks read only users with access to the document", async () => {
    const { api } = await withNotification();
    await api("/v2/users/add", { organizationId: "yourOrganizationId", users: [user("member")] });
    // A public document is open to anyone: only an organization-private one leaves the stranger out.
    await api("/v2/organizations/documents/access/update", {
      organizationId: "yourOrganizationId",
      documentIds: ["yourDocumentId"],
      accessType: "organizationPrivate",
    });
    await api("/v2/notifications/update", {
      organizationId: "yourOrganizationId",
      verifyUserPermissions: true,
      notifications: [{ id: "yourNotificationId", readByUserIds: ["member", "stranger"] }],
    });
    const reads = await db().notificationRead.findMany({
      where: { organizationId: "yourOrganizationId", userId: { in: ["member", "stranger"] } },
      select: { userId: true },
    });
    expect(reads.map((r) => r.userId)).toContain("member");
    expect(reads.map((r) => r.userId)).not.toContain("stranger");
  });

  it("v1 path: the same call without verifyUserPermissions", async () => {
    const { api } = await withNotification();
    const ok = await api("/v1/notifications/update", {
      organizationId: "yourOrganizationId",
      documentId: "yourDocumentId",
      notifications: [{ id: "yourNotificationId", readByUserIds: ["ann"] }],
    });
    expect(ok.body.result).toEqual({
      status: "success",
      message: "Notification(s) updated successfully.",
      data: { yourNotificationId: { success: true, message: "Notification updated." } },
    });
    const verify = await api("/v1/notifications/update", {
      organizationId: "yourOrganizationId",
      verifyUserPermissions: true,
      notifications: [{ id: "yourNotificationId" }],
    });
    expect(verify.body.error.status).toBe("INVALID_ARGUMENT");
    expect(verify.body.error.message).toContain("verifyUserPermissions");
  });

  it("refuses persistReadForUsers without readByUserIds and a repeated id; a failed call writes nothing", async () => {
    const { w, api } = await withNotification();
    const persist = await api("/v2/notifications/update", {
      organizationId: "yourOrganizationId",
      notifications: [
        { id: "yourNotificationId", displayBodyMessage: "changed" },
        { id: "other", persistReadForUsers: true },
      ],
    });
    expect(persist.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "notifications[1].persistReadForUsers needs readByUserIds.",
    });
    const twice = await api("/v2/notifications/update", {
      organizationId: "yourOrganizationId",
      notifications: [{ id: "a" }, { id: "a" }],
    });
    expect(twice.body.error.status).toBe("INVALID_ARGUMENT");
    const [n] = (await api("/v1/notifications/get", { organizationId: "yourOrganizationId" })).body.result.data;
    expect(n.displayBodyMessage).toBe("Original body");
    expect(await db().notificationRead.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
  });
});

describe("Get Comment Annotations Count and marking annotations read", () => {
  const comment = (from: string, text = "hi") => ({ commentText: text, from: user(from) });
  const open = { id: "OPEN", name: "Open", type: "default" };
  const progress = { id: "IN_PROGRESS", name: "In progress", type: "ongoing" };
  const resolved = { id: "RESOLVED", name: "Resolved", type: "terminal" };

  async function seeded() {
    const w = await newWorkspace();
    const api = asKey(w);
    const annotate = (documentId: string, annotationId: string, from: string, status = open) =>
      api("/v2/commentannotations/add", {
        organizationId: "ORG_ID",
        documentId,
        commentAnnotations: [{ annotationId, status, commentData: [comment(from)] }],
      });
    // DOC_1: four open or in-progress annotations by others (two of which "1.1" has read) and a resolved one.
    for (const [id, status] of [
      ["a1", open],
      ["a2", open],
      ["a3", progress],
      ["a4", progress],
      ["a5", resolved],
    ] as const)
      await annotate("DOC_1", id, "other", status);
    // DOC_2: two annotations "1.1" wrote: their own comments are never unread to them.
    await annotate("DOC_2", "b1", "1.1");
    await annotate("DOC_2", "b2", "1.1", progress);
    const read = await api("/v2/commentannotations/read/update", {
      organizationId: "ORG_ID",
      documentId: "DOC_1",
      annotationIds: ["a1", "a3", "nope"],
      readByUserIds: ["1.1"],
    });
    return { w, api, read };
  }

  const countBody = {
    organizationId: "ORG_ID",
    documentIds: ["DOC_1", "DOC_2"],
    userId: "1.1",
    statusIds: ["OPEN", "IN_PROGRESS"],
  };

  it("reference example: total and unread per document for the user, within statusIds (v2 and v1 paths)", async () => {
    const { api, read } = await seeded();
    expect(read.body).toEqual({
      result: {
        status: "success",
        message: "Comment annotation(s) marked read successfully.",
        data: {
          a1: { success: true, message: "Marked read." },
          a3: { success: true, message: "Marked read." },
          nope: { success: false, message: "Comment annotation does not exist." },
        },
      },
    });
    for (const path of ["/v2/commentannotations/count/get", "/v1/commentannotations/count/get"]) {
      expect((await api(path, countBody)).body).toEqual({
        result: {
          status: "success",
          message: "Comment count retrieved successfully.",
          data: { DOC_1: { total: 4, unread: 2 }, DOC_2: { total: 2, unread: 0 } },
        },
      });
    }
    const everyStatus = await api("/v2/commentannotations/count/get", { ...countBody, statusIds: undefined });
    expect(everyStatus.body.result.data.DOC_1).toEqual({ total: 5, unread: 3 });
    const other = await api("/v2/commentannotations/count/get", { ...countBody, userId: "someone" });
    expect(other.body.result.data).toEqual({ DOC_1: { total: 4, unread: 4 }, DOC_2: { total: 2, unread: 2 } });
    const empty = await api("/v2/commentannotations/count/get", { ...countBody, documentIds: ["DOC_3"] });
    expect(empty.body.result.data).toEqual({ DOC_3: { total: 0, unread: 0 } });
  });

  it("a newer comment by someone else makes a read annotation unread again; the user's own does not", async () => {
    const { api } = await seeded();
    const reply = (from: string) =>
      api("/v2/commentannotations/comments/add", {
        organizationId: "ORG_ID",
        documentId: "DOC_1",
        annotationId: "a1",
        commentData: [comment(from, "reply")],
      });
    await reply("1.1");
    expect((await api("/v2/commentannotations/count/get", countBody)).body.result.data.DOC_1.unread).toBe(2);
    await reply("other");
    expect((await api("/v2/commentannotations/count/get", countBody)).body.result.data.DOC_1.unread).toBe(3);
  });

  it("needs advanced queries; at most 30 documents; another key's annotations do not count", async () => {
    const { w, api } = await seeded();
    const tooMany = await api("/v2/commentannotations/count/get", {
      ...countBody,
      documentIds: Array.from({ length: 31 }, (_, i) => `d${i}`),
    });
    expect(tooMany.body.error.status).toBe("INVALID_ARGUMENT");
    expect(tooMany.body.error.message).toContain("documentIds");
    const stranger = asKey(await newWorkspace());
    expect((await stranger("/v2/commentannotations/count/get", countBody)).body.result.data).toEqual({
      DOC_1: { total: 0, unread: 0 },
      DOC_2: { total: 0, unread: 0 },
    });
    await setAdvancedQueries(w.apiKey, false);
    expect((await api("/v2/commentannotations/count/get", countBody)).body.error.status).toBe("FAILED_PRECONDITION");
  });
});
