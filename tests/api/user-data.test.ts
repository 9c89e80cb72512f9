import { describe, expect, it } from "vitest";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

useTestDatabase();

const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };
const bob = { userId: "bob", name: "Bob", email: "bob@example.com" };

describe("Get All User Data", () => {
  it("returns the user's comments, reactions and notifications, 100 per feature per page, then a null token", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const many = (n: number, from: typeof ada, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ commentText: `${prefix} ${i}`, from }));
    await api("/v2/commentannotations/add", {
      organizationId: "org",
      documentId: "doc",
      commentAnnotations: [
        { annotationId: "a1", commentData: many(100, ada, "one") },
        {
          annotationId: "a2",
          commentData: [
            ...many(49, ada, "two"),
            { commentText: "hi @Ada", from: bob, taggedUserContacts: [{ userId: "ada", text: "@Ada" }] },
          ],
        },
        { annotationId: "a3", commentData: many(5, bob, "not ada's") },
      ],
    });
    const first = (
      await api("/v2/commentannotations/comments/get", { organizationId: "org", documentId: "doc", annotationId: "a3" })
    ).body.result.data[0];
    await api("/v2/commentannotations/comments/reactions/add", {
      organizationId: "org",
      documentId: "doc",
      annotationId: "a3",
      commentId: first.commentId,
      icon: "🎉",
      from: ada,
    });
    await waitFor(
      async () =>
        (await api("/v1/notifications/get", { organizationId: "org", userId: "ada" })).body.result.data.length === 1,
    );

    const p1 = await api("/v2/users/data/get", { organizationId: "org", userId: "ada" });
    expect(p1.status).toBe(200);
    expect(p1.body.result.status).toBe("success");
    expect(p1.body.result.message).toBe("Data fetched successfully.");
    const d1 = p1.body.result.data;
    expect(Object.keys(d1).sort()).toEqual(["comments", "notifications", "reactions", "recordings"]);
    expect(d1.comments).toHaveLength(100);
    expect(d1.reactions).toEqual([
      {
        icon: "🎉",
        from: ada,
        createdAt: expect.any(Number),
        documentId: "doc",
        annotationId: "a3",
        commentId: first.commentId,
      },
    ]);
    expect(d1.notifications).toHaveLength(1);
    expect(d1.notifications[0]).toMatchObject({
      displayHeadlineMessageTemplate: "{actionUser} mentioned you in a comment",
      notifyUsersByUserId: { ada: true },
    });
    expect(d1.recordings).toEqual([]);
    expect(typeof p1.body.result.nextPageToken).toBe("string");

    const p2 = await api("/v2/users/data/get", {
      organizationId: "org",
      userId: "ada",
      pageToken: p1.body.result.nextPageToken,
    });
    const d2 = p2.body.result.data;
    expect(d2.comments).toHaveLength(50);
    expect(d2.reactions).toEqual([]);
    expect(d2.notifications).toEqual([]);
    expect(p2.body.result.nextPageToken).toBeNull();
    const texts = [...d1.comments, ...d2.comments].map((c: { commentText: string }) => c.commentText);
    expect(new Set(texts).size).toBe(150);
    expect(texts).toContain("hi @Ada");
    expect(texts.some((t) => t.startsWith("not ada's"))).toBe(false);
  });

  it("a user with no data gets four empty arrays and a null token; a bad token is INVALID_ARGUMENT", async () => {
    const api = asKey(await newWorkspace());
    const res = await api("/v2/users/data/get", { organizationId: "org", userId: "nobody" });
    expect(res.body.result).toEqual({
      status: "success",
      message: "Data fetched successfully.",
      data: { comments: [], reactions: [], recordings: [], notifications: [] },
      nextPageToken: null,
    });
    const bad = await api("/v2/users/data/get", { organizationId: "org", userId: "nobody", pageToken: "garbage" });
    expect(bad.body.error.status).toBe("INVALID_ARGUMENT");
  });
});
