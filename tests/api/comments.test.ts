import { describe, expect, it } from "vitest";
import { dispatchNext, startEventDispatcher, stopEventDispatcher } from "@/lib/server/workers/event-dispatcher";
import { emitEvent, pruneDispatchedEvents } from "@/lib/domain/events/events-store";
import type { EventConsumer, WeftEvent } from "@/lib/domain/events/event";
import { db, transaction } from "@/lib/infra/db";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

useTestDatabase();

type Api = ReturnType<typeof asKey>;
const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };
const bob = { userId: "bob", name: "Bob", email: "bob@example.com" };
const cy = { userId: "cy", name: "Cy", email: "cy@example.com" };

async function setup() {
  const w = await newWorkspace();
  return { w, api: asKey(w) };
}

const mention = (u: typeof bob) => ({
  text: `@${u.name}`,
  userId: u.userId,
  contact: { email: u.email, name: u.name, userId: u.userId },
});

async function addThread(api: Api, extra: Record<string, unknown> = {}) {
  const res = await api("/v2/commentannotations/add", {
    organizationId: "org",
    documentId: "doc",
    commentAnnotations: [
      {
        annotationId: "ann-1",
        location: { id: "loc-1", locationName: "Intro" },
        commentData: [
          {
            commentId: 111111,
            commentText: "Hey @Bob",
            commentHtml: "<p>Hey @Bob</p>",
            from: ada,
            taggedUserContacts: [mention(bob)],
          },
        ],
        ...extra,
      },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

const activities = async (api: Api, f: Record<string, unknown> = {}) =>
  (await api("/v2/activities/get", { organizationId: "org", order: "asc", ...f })).body.result.data as {
    actionType: string;
    [k: string]: unknown;
  }[];
const notificationsFor = async (api: Api, userId: string) =>
  (await api("/v1/notifications/get", { organizationId: "org", userId })).body.result.data as Record<string, unknown>[];

describe("Comment annotations over REST", () => {
  it("add answers per annotation, with generated ids when omitted", async () => {
    const { api } = await setup();
    const res = await api("/v2/commentannotations/add", {
      organizationId: "org",
      documentId: "doc",
      commentAnnotations: [
        {
          commentData: [
            { commentText: "first", from: ada },
            { commentText: "second", from: bob },
          ],
        },
      ],
    });
    expect(res.body.result.message).toBe("Comment Annotation(s) added successfully.");
    const [annotationId] = Object.keys(res.body.result.data);
    expect(res.body.result.data[annotationId]).toEqual({
      success: true,
      annotationId,
      commentIds: [expect.any(Number), expect.any(Number)],
      message: "Added Successfully",
    });
    const got = await api("/v2/commentannotations/get", { organizationId: "org", documentId: "doc" });
    expect(got.body.result.data).toHaveLength(1);
    expect(got.body.result.data[0].comments.map((c: { commentText: string }) => c.commentText)).toEqual([
      "first",
      "second",
    ]);
    expect(got.body.result.data[0].comments.map((c: { commentId: number }) => c.commentId)).toEqual(
      res.body.result.data[annotationId].commentIds,
    );
  });

  it("a comment added over REST produces its activity record and a notification for the mentioned user", async () => {
    const { w, api } = await setup();
    await addThread(api);
    await waitFor(
      async () => (await notificationsFor(api, "bob")).length === 1 && (await activities(api)).length === 1,
    );
    const [act] = await activities(api);
    expect(act).toMatchObject({
      featureType: "comment",
      actionType: "comment_annotation.add",
      actionUser: ada,
      targetEntityId: "ann-1",
      targetSubEntityId: "111111",
      displayMessageTemplate: "{{actionUser}} started a comment thread",
      metadata: { apiKey: w.apiKey, documentId: "doc", organizationId: "org" },
    });
    const [n] = await notificationsFor(api, "bob");
    expect(n).toMatchObject({
      notificationSource: "comment",
      actionUser: ada,
      displayHeadlineMessageTemplate: "{actionUser} mentioned you in a comment",
      displayBodyMessage: "Hey @Bob",
      notifyUsersByUserId: { bob: true },
      metadata: { apiKey: w.apiKey, documentId: "doc", organizationId: "org", locationId: "loc-1" },
    });
    expect(n.notificationSourceData).toMatchObject({ annotationId: "ann-1", commentId: 111111 });
    expect(await notificationsFor(api, "ada")).toEqual([]);
  });

  it("an existing annotationId fails its item and changes nothing", async () => {
    const { api } = await setup();
    await addThread(api);
    const again = await addThread(api);
    expect(again.body.result.data["ann-1"]).toEqual({
      success: false,
      annotationId: "ann-1",
      commentIds: [],
      message: "Comment annotation already exists.",
    });
    const comments = await api("/v2/commentannotations/comments/get", {
      organizationId: "org",
      documentId: "doc",
      annotationId: "ann-1",
    });
    expect(comments.body.result.data).toHaveLength(1);
  });

  it("update emits status, priority and assign events; the new assignee is notified", async () => {
    const { w, api } = await setup();
    await addThread(api);
    const res = await api("/v2/commentannotations/update", {
      organizationId: "org",
      documentId: "doc",
      annotationIds: ["ann-1", "nope"],
      updatedData: {
        status: { id: "resolved", name: "Resolved", type: "terminal" },
        priority: { id: "p1", name: "High" },
        assignedTo: cy,
      },
      actionUser: bob,
    });
    expect(res.body.result).toEqual({
      status: "success",
      message: "Comment Annotation(s) updated successfully.",
      data: {
        "ann-1": { success: true, id: "ann-1", message: "Updated Successfully" },
        nope: { success: false, id: "nope", message: "Comment annotation does not exist." },
      },
    });
    await waitFor(async () => (await activities(api)).length === 4);
    expect((await activities(api)).map((a) => a.actionType)).toEqual([
      "comment_annotation.add",
      "comment_annotation.status_change",
      "comment_annotation.priority_change",
      "comment_annotation.assign",
    ]);
    const status = (await activities(api, { actionTypes: ["comment_annotation.status_change"] }))[0];
    expect(status.changes).toEqual({
      status: { from: null, to: { id: "resolved", name: "Resolved", type: "terminal" } },
    });
    await waitFor(async () => (await notificationsFor(api, "cy")).length === 1);
    expect((await notificationsFor(api, "cy"))[0]).toMatchObject({
      displayHeadlineMessageTemplate: "{actionUser} assigned you a comment",
      displayHeadlineMessageTemplateData: { actionUser: bob, recipientUser: cy },
      displayBodyMessage: "Hey @Bob",
      actionUser: bob,
    });
    const got = await api("/v2/commentannotations/get", { organizationId: "org", statusIds: ["resolved"] });
    expect(got.body.result.data[0]).toMatchObject({
      annotationId: "ann-1",
      assignedTo: cy,
      priority: { id: "p1", name: "High" },
    });
    // The same values again change nothing and emit nothing.
    await api("/v2/commentannotations/update", {
      organizationId: "org",
      documentId: "doc",
      annotationIds: ["ann-1"],
      updatedData: { status: { id: "resolved" } },
    });
    expect(
      await db().domainEvent.count({
        where: { documentId: "doc", type: "comment_annotation.status_change", apiKeyId: w.apiKey },
      }),
    ).toBe(1);
  });

  it("comments: add (mention notified), get, update, delete; the last delete removes the annotation", async () => {
    const { api } = await setup();
    await addThread(api);
    const added = await api("/v2/commentannotations/comments/add", {
      organizationId: "org",
      documentId: "doc",
      annotationId: "ann-1",
      commentData: [
        { commentId: 222222, commentText: "cc @Cy", from: bob, taggedUserContacts: [mention(cy)] },
        { commentText: "more", from: bob },
      ],
    });
    expect(added.body.result.message).toBe("Comment(s) added successfully.");
    expect(added.body.result.data["222222"]).toEqual({ success: true, id: "222222", message: "Added Successfully" });
    expect(Object.keys(added.body.result.data)).toHaveLength(2);
    await waitFor(async () => (await notificationsFor(api, "cy")).length === 1);

    const updated = await api("/v2/commentannotations/comments/update", {
      organizationId: "org",
      documentId: "doc",
      annotationId: "ann-1",
      commentIds: [222222, 999],
      updatedData: { commentText: "cc @Cy (edited)" },
      actionUser: bob,
    });
    expect(updated.body.result.data).toEqual({
      "222222": { success: true, id: "222222", message: "Updated successfully" },
      "999": { success: false, id: "999", message: "Comment does not exist." },
    });
    const one = await api("/v2/commentannotations/comments/get", {
      organizationId: "org",
      documentId: "doc",
      annotationId: "ann-1",
      commentIds: [222222],
    });
    expect(one.body.result.data).toEqual([
      expect.objectContaining({ commentId: 222222, commentText: "cc @Cy (edited)", isEdited: true, from: bob }),
    ]);

    const all = (
      await api("/v2/commentannotations/comments/get", {
        organizationId: "org",
        documentId: "doc",
        annotationId: "ann-1",
      })
    ).body.result.data;
    const ids = all.map((c: { commentId: number }) => c.commentId);
    const del = await api("/v2/commentannotations/comments/delete", {
      organizationId: "org",
      documentId: "doc",
      annotationId: "ann-1",
      commentIds: ids,
    });
    expect(Object.values(del.body.result.data).every((r) => (r as { success: boolean }).success)).toBe(true);
    expect((await api("/v2/commentannotations/get", { organizationId: "org" })).body.result.data).toEqual([]);
    await waitFor(async () => (await activities(api, { actionTypes: ["comment.delete"] })).length === 3);
    // Without actionUser, each deletion is attributed to the comment's author.
    const deleters = (await activities(api, { actionTypes: ["comment.delete"] })).map(
      (a) => (a.actionUser as { userId: string }).userId,
    );
    expect(deleters.sort()).toEqual(["ada", "bob", "bob"]);
    expect(await activities(api, { actionTypes: ["comment.update"] })).toHaveLength(1);
  });

  it("reactions: add once per user and icon, delete; both land in the activity log", async () => {
    const { api } = await setup();
    await addThread(api);
    const r = {
      organizationId: "org",
      documentId: "doc",
      annotationId: "ann-1",
      commentId: 111111,
      icon: "👍",
      from: bob,
    };
    const added = await api("/v2/commentannotations/comments/reactions/add", r);
    expect(added.body.result).toEqual({
      status: "success",
      message: "Reaction added successfully.",
      data: { success: true, message: "Reaction added." },
    });
    await api("/v2/commentannotations/comments/reactions/add", r);
    const c = await api("/v2/commentannotations/comments/get", {
      organizationId: "org",
      documentId: "doc",
      annotationId: "ann-1",
    });
    expect(c.body.result.data[0].reactions).toEqual([{ icon: "👍", from: bob, createdAt: expect.any(Number) }]);
    expect((await api("/v2/commentannotations/comments/reactions/delete", r)).status).toBe(200);
    const missing = await api("/v2/commentannotations/comments/reactions/delete", r);
    expect(missing.body.error).toEqual({ status: "NOT_FOUND", message: "Reaction does not exist." });
    await waitFor(async () => (await activities(api, { featureTypes: ["reaction"] })).length === 2);
    expect((await activities(api, { featureTypes: ["reaction"] })).map((a) => a.actionType)).toEqual([
      "reaction.add",
      "reaction.delete",
    ]);
  });

  it("events carry actor, mentions, assignee, participants and the public payload", async () => {
    const { w, api } = await setup();
    await addThread(api, { assignedTo: cy });
    const row = await db().domainEvent.findFirstOrThrow({
      where: { apiKeyId: w.apiKey, type: "comment_annotation.add" },
    });
    const e = row.event as unknown as WeftEvent;
    expect(e).toMatchObject({
      apiKeyId: w.apiKey,
      type: "comment_annotation.add",
      organizationId: "org",
      documentId: "doc",
      annotationId: "ann-1",
      actor: ada,
      mentioned: [bob],
      assigned: cy,
      timestamp: expect.any(Number),
    });
    expect(e.participants.map((p) => p.userId).sort()).toEqual(["ada", "bob", "cy"]);
    expect(e.data).toMatchObject({
      actionType: "comment_annotation.add",
      actionUser: ada,
      commentAnnotation: {
        annotationId: "ann-1",
        assignedTo: cy,
        comments: [expect.objectContaining({ commentId: 111111 })],
      },
      comment: { commentId: 111111, commentText: "Hey @Bob" },
      metadata: { apiKey: w.apiKey, organizationId: "org", documentId: "doc" },
    });
    await waitFor(async () => (await notificationsFor(api, "cy")).length === 1);
  });

  it("Delete Documents removes the document's comments, activity and notifications; Migrate moves them", async () => {
    const { api } = await setup();
    await addThread(api);
    await waitFor(
      async () => (await activities(api)).length === 1 && (await notificationsFor(api, "bob")).length === 1,
    );
    const mig = await api("/v2/organizations/documents/migrate", {
      organizationId: "org",
      documentId: "doc",
      newDocumentId: "doc-new",
    });
    await waitFor(async () => {
      const s = await api("/v2/organizations/documents/migrate/status", {
        organizationId: "org",
        migrationId: mig.body.result.data.migrationId,
      });
      return s.body.result.data.status === "completed";
    });
    expect(
      (await api("/v2/commentannotations/get", { organizationId: "org", documentId: "doc-new" })).body.result.data,
    ).toHaveLength(1);
    expect(await activities(api, { documentId: "doc-new" })).toHaveLength(1);
    expect(
      (await api("/v1/notifications/get", { organizationId: "org", documentId: "doc-new" })).body.result.data,
    ).toHaveLength(1);
    // Comments on the moved document keep working and number their events on.
    await api("/v2/commentannotations/comments/add", {
      organizationId: "org",
      documentId: "doc-new",
      annotationId: "ann-1",
      commentData: [{ commentText: "after", from: bob }],
    });
    await waitFor(async () => (await activities(api, { documentId: "doc-new" })).length === 2);

    await api("/v2/organizations/documents/delete", { organizationId: "org", documentIds: ["doc-new"] });
    expect((await api("/v2/commentannotations/get", { organizationId: "org" })).body.result.data).toEqual([]);
    expect(await activities(api)).toEqual([]);
    expect((await api("/v1/notifications/get", { organizationId: "org" })).body.result.data).toEqual([]);
  });
});

describe("Event dispatcher", () => {
  it("hands every event to the consumers once, in sequence order per document, with four dispatchers racing", async () => {
    await stopEventDispatcher();
    try {
      const { w } = await setup();
      // Events of earlier tests may still wait: let them go first with the real consumers.
      while (await dispatchNext()) {}
      const seen: WeftEvent[] = [];
      const recorder: EventConsumer = { name: "recorder", consume: async (_tx, e) => void seen.push(e) };
      const docs = ["d1", "d2", "d3"];
      await transaction(async (tx) => {
        for (let i = 0; i < 30; i++) {
          await emitEvent(tx, {
            apiKeyId: w.apiKey,
            type: "comment.add",
            organizationId: "org",
            documentId: docs[i % 3],
            annotationId: "a",
            actor: null,
            mentioned: [],
            assigned: null,
            participants: [],
            data: { n: i },
          });
        }
      });
      const drain = async () => {
        for (let guard = 0; guard < 100 && (await dispatchNext([recorder])); guard++) {}
      };
      await Promise.all([drain(), drain(), drain(), drain()]);
      expect(seen).toHaveLength(30);
      expect(new Set(seen.map((e) => e.id)).size).toBe(30);
      for (const d of docs) {
        const ns = seen.filter((e) => e.documentId === d).map((e) => e.data.n as number);
        expect(ns).toEqual([...ns].sort((a, b) => a - b));
      }
      expect(await db().domainEvent.count({ where: { apiKeyId: w.apiKey, dispatchedAt: null } })).toBe(0);
    } finally {
      startEventDispatcher();
    }
  });

  it("a failing consumer rolls back, the event is retried later, and later events of that document wait", async () => {
    await stopEventDispatcher();
    try {
      const { w } = await setup();
      while (await dispatchNext()) {}
      let fail = true;
      const seen: number[] = [];
      const flaky: EventConsumer = {
        name: "flaky",
        consume: async (tx, e) => {
          await tx.activityLog.count();
          if (fail && e.data.n === 0) throw new Error("boom");
          seen.push(e.data.n as number);
        },
      };
      const base = {
        apiKeyId: w.apiKey,
        type: "comment.add" as const,
        organizationId: "org",
        documentId: "flaky",
        annotationId: "a",
        actor: null,
        mentioned: [],
        assigned: null,
        participants: [],
      };
      await transaction(async (tx) => {
        await emitEvent(tx, { ...base, data: { n: 0 } });
        await emitEvent(tx, { ...base, data: { n: 1 } });
      });
      expect(await dispatchNext([flaky])).toBe(true);
      expect(await dispatchNext([flaky])).toBe(false);
      const row = await db().domainEvent.findFirstOrThrow({
        where: { apiKeyId: w.apiKey, seq: 1, documentId: "flaky" },
      });
      expect(row).toMatchObject({ attempts: 1, lastError: "boom", dispatchedAt: null });
      fail = false;
      await db().domainEvent.updateMany({ where: { id: row.id }, data: { availableAt: new Date() } });
      while (await dispatchNext([flaky])) {}
      expect(seen).toEqual([0, 1]);
    } finally {
      startEventDispatcher();
    }
  });

  it("prunes events dispatched longer ago than the retention, never undispatched ones", async () => {
    const { w, api } = await setup();
    await addThread(api);
    await waitFor(
      async () => (await db().domainEvent.count({ where: { apiKeyId: w.apiKey, dispatchedAt: { not: null } } })) === 1,
    );
    const old = new Date(Date.now() - 200 * 3600_000);
    await db().domainEvent.updateMany({ where: { apiKeyId: w.apiKey }, data: { dispatchedAt: old } });
    await db().domainEvent.create({
      data: {
        id: `evt_waiting_${w.apiKey}`,
        apiKeyId: w.apiKey,
        organizationId: "org",
        documentId: "never",
        seq: 1,
        type: "comment.add",
        event: {},
        createdAt: old,
        availableAt: new Date(Date.now() + 3600_000),
      },
    });
    await pruneDispatchedEvents(db());
    expect(await db().domainEvent.findMany({ where: { apiKeyId: w.apiKey }, select: { id: true } })).toEqual([
      { id: `evt_waiting_${w.apiKey}` },
    ]);
    await db().domainEvent.deleteMany({ where: { apiKeyId: w.apiKey } });
  });
});
