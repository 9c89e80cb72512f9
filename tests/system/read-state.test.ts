import { afterAll, describe, expect, it } from "vitest";
import { canRun, freshDatabase, newTenant, post, startServer, stopAllServers } from "./support";

// Read state across two instances on one PostgreSQL: a read mark written through one is what the other
// answers, in Get Notifications and Get Comment Annotations Count.

afterAll(stopAllServers);

const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };
const bob = { userId: "bob", name: "Bob", email: "bob@example.com" };

describe.runIf(canRun)("read state on two instances", () => {
  it("marks written on one instance are read on the other, both ways", async () => {
    const databaseUrl = await freshDatabase();
    const [a, b] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
    const { keyHeaders } = await newTenant(a.base);
    const call = (base: string, path: string, data: unknown) => post(base, path, data, keyHeaders);

    await call(a.base, "/v1/notifications/add", {
      organizationId: "org",
      documentId: "doc",
      createOrganization: true,
      createDocument: true,
      notificationId: "n1",
      actionUser: ada,
      displayHeadlineMessageTemplate: "Hello",
      displayBodyMessage: "there",
      notifyUsers: [bob],
      notifyAll: false,
    });
    await call(a.base, "/v2/commentannotations/add", {
      organizationId: "org",
      documentId: "doc",
      commentAnnotations: [{ annotationId: "ann", commentData: [{ commentText: "look", from: ada }] }],
    });
    const inbox = async (base: string) =>
      (await call(base, "/v2/notifications/get", { organizationId: "org", userId: "bob" })).body.result.data[0];
    const unread = async (base: string) =>
      (
        await call(base, "/v2/commentannotations/count/get", {
          organizationId: "org",
          documentIds: ["doc"],
          userId: "bob",
        })
      ).body.result.data.doc;
    expect(await inbox(b.base)).toMatchObject({ id: "n1", isUnread: true });
    expect(await unread(b.base)).toEqual({ total: 1, unread: 1 });

    // Marked read through A: B answers it.
    await call(a.base, "/v2/notifications/update", {
      organizationId: "org",
      notifications: [{ id: "n1", readByUserIds: ["bob"] }],
    });
    await call(a.base, "/v2/commentannotations/read/update", {
      organizationId: "org",
      documentId: "doc",
      annotationIds: ["ann"],
      readByUserIds: ["bob"],
    });
    expect(await inbox(b.base)).toMatchObject({ id: "n1", isUnread: false, forYou: false });
    expect(await unread(b.base)).toEqual({ total: 1, unread: 0 });

    // A reply through B makes the annotation unread again on A.
    await call(b.base, "/v2/commentannotations/comments/add", {
      organizationId: "org",
      documentId: "doc",
      annotationId: "ann",
      commentData: [{ commentText: "and this", from: ada }],
    });
    expect(await unread(a.base)).toEqual({ total: 1, unread: 1 });
  });
});
