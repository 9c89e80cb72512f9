import { describe, expect, it } from "vitest";
import { CENSUS_CHANNEL, publishPresence } from "@/lib/domain/crdt/live-presence";
import { subscribe } from "@/lib/infra/notify-bus";
import { asKey, newWorkspace, setAdvancedQueries, useTestDatabase } from "../helpers/api";
import { consoleAs, owner, refusal } from "../helpers/console";
import { watch } from "../helpers/subscription";
import { waitFor } from "../helpers/wait";

// The Data page's browser (lib/console/data/router.ts): an organization's folders and documents, searched and
// paged, a document with its access and notifications, and who is in it live; always within the key and the
// organization asked for, whatever the key's advanced queries switch says.

useTestDatabase();

const user = (userId: string) => ({ userId, name: `Name ${userId}`, email: `${userId}@example.com` });

/** A key with, in organization "o": folder "f" holding "Design notes", "Roadmap" at the top, a member of the first. */
async function seeded() {
  const w = await newWorkspace();
  const api = asKey(w);
  await api("/v2/organizations/folders/add", {
    organizationId: "o",
    createOrganization: true,
    folders: [{ folderId: "f", folderName: "Specs" }],
  });
  await api("/v2/organizations/documents/add", {
    organizationId: "o",
    folderId: "f",
    documents: [{ documentId: "design", documentName: "Design notes" }],
  });
  await api("/v2/organizations/documents/add", {
    organizationId: "o",
    documents: [{ documentId: "roadmap", documentName: "Roadmap" }],
  });
  await api("/v2/users/add", { organizationId: "o", documentId: "design", users: [user("ann")] });
  await api("/v1/notifications/add", {
    organizationId: "o",
    documentId: "design",
    notificationId: "n1",
    actionUser: user("ann"),
    displayHeadlineMessageTemplate: "Ann mentioned you",
    displayBodyMessage: "In Design notes",
    notifyUsers: [user("bob")],
    notifyAll: false,
  });
  await setAdvancedQueries(w.apiKey, false);
  const target = { workspaceId: w.workspace.id, apiKeyId: w.apiKey };
  return { w, api, target, asOwner: consoleAs(owner(w.email)) };
}

describe("the Data page's browser", () => {
  it("refuses another owner's key as not found", async () => {
    const { target } = await seeded();
    const b = await newWorkspace();
    const asB = consoleAs(owner(b.email));
    const notFound = { status: "NOT_FOUND", message: "API key not found." };
    const doc = { organizationId: "o", documentId: "design" };
    expect(await refusal(asB.data.folders({ ...target, data: { organizationId: "o" } }))).toEqual(notFound);
    expect(await refusal(asB.data.documents({ ...target, data: { organizationId: "o" } }))).toEqual(notFound);
    expect(await refusal(asB.data.document({ ...target, data: doc }))).toEqual(notFound);
    expect(await refusal(asB.data.notifications({ ...target, data: doc }))).toEqual(notFound);
    expect(await refusal(asB.data.presence({ ...target, data: doc }))).toEqual(notFound);
    expect(await refusal(asB.data.users({ ...target, data: { organizationId: "o" } }))).toEqual(notFound);
  });

  it("lists folders and documents, by folder and by a search in ids and names, page by page", async () => {
    const { asOwner, target } = await seeded();
    const folders = await asOwner.data.folders({ ...target, data: { organizationId: "o" } });
    expect(folders).toEqual({
      folders: [{ folderId: "f", folderName: "Specs", parentFolderId: null, accessType: expect.any(String) }],
      nextPageToken: undefined,
    });
    const ids = async (data: Record<string, unknown>) =>
      (await asOwner.data.documents({ ...target, data: { organizationId: "o", ...data } })).documents.map(
        (d) => d.documentId,
      );
    expect(await ids({})).toEqual(["design", "roadmap"]);
    expect(await ids({ folderId: "f" })).toEqual(["design"]);
    expect(await ids({ search: "ROAD" })).toEqual(["roadmap"]);
    expect(await ids({ search: "notes" })).toEqual(["design"]);
    expect(await ids({ search: "nothing like it" })).toEqual([]);
    expect(await ids({ search: "%" })).toEqual([]); // a LIKE wildcard is searched for as itself
    expect(await ids({ search: "_" })).toEqual([]);
    const first = await asOwner.data.documents({ ...target, data: { organizationId: "o", pageSize: 1 } });
    expect(first.documents.map((d) => d.documentId)).toEqual(["design"]);
    const second = await asOwner.data.documents({
      ...target,
      data: { organizationId: "o", pageSize: 1, pageToken: first.nextPageToken },
    });
    expect(second.documents.map((d) => d.documentId)).toEqual(["roadmap"]);
    const orgs = await asOwner.data.organizations({ ...target, data: { search: "nope" } });
    expect(orgs.organizations).toEqual([]);
  });

  it("lists an organization's own members page by page, while the key's REST Get Users is switched off", async () => {
    const { w, api, asOwner, target } = await seeded();
    await api("/v2/users/add", { organizationId: "o", users: [user("cy"), user("dee"), user("eve")] });
    await api("/v2/users/add", { organizationId: "other", createOrganization: true, users: [user("zed")] });
    const refused = await api("/v2/users/get", { organizationId: "o" });
    expect(refused.status).toBe(400);

    const first = await asOwner.data.users({ ...target, data: { organizationId: "o", pageSize: 2 } });
    expect(first.users).toHaveLength(2);
    const second = await asOwner.data.users({
      ...target,
      data: { organizationId: "o", pageSize: 2, pageToken: first.nextPageToken },
    });
    expect(second.nextPageToken).toBeUndefined();
    // ann is a member of a document only, zed of another organization's: neither is listed.
    expect([...first.users, ...second.users].map((u) => u.userId).sort()).toEqual(["cy", "dee", "eve"]);
    // Each one as Get Users answers it once the switch is on.
    await setAdvancedQueries(w.apiKey, true);
    const rest = (await api("/v2/users/get", { organizationId: "o" })).body.result.data as { userId: string }[];
    const byId = (a: { userId: string }, b: { userId: string }) => a.userId.localeCompare(b.userId);
    expect([...first.users, ...second.users].sort(byId)).toEqual(rest.sort(byId));
  });

  it("shows a document with its members and notifications, and nothing of another key or organization", async () => {
    const { asOwner, target, api } = await seeded();
    // The same ids in another organization of the key and under another key of another owner.
    await api("/v2/organizations/documents/add", {
      organizationId: "other",
      createOrganization: true,
      documents: [{ documentId: "design", documentName: "Other design" }],
    });
    const b = await newWorkspace();
    await asKey(b)("/v2/organizations/documents/add", {
      organizationId: "o",
      createOrganization: true,
      documents: [{ documentId: "secret", documentName: "Secret" }],
    });
    const doc = await asOwner.data.document({ ...target, data: { organizationId: "o", documentId: "design" } });
    expect(doc).toMatchObject({ documentId: "design", documentName: "Design notes", folderId: "f", disabled: false });
    expect(doc.members).toEqual([
      { userId: "ann", name: "Name ann", email: "ann@example.com", accessRole: expect.any(String), expiresAt: null },
    ]);
    const other = await asOwner.data.document({ ...target, data: { organizationId: "other", documentId: "design" } });
    expect(other).toMatchObject({ documentName: "Other design", members: [] });
    expect(
      await refusal(asOwner.data.document({ ...target, data: { organizationId: "o", documentId: "secret" } })),
    ).toEqual({ status: "NOT_FOUND", message: "Document not found." });
    expect(
      (await asOwner.data.documents({ ...target, data: { organizationId: "o", search: "secret" } })).documents,
    ).toEqual([]);
    const notes = await asOwner.data.notifications({
      ...target,
      data: { organizationId: "o", documentId: "design" },
    });
    expect(notes.notifications.map((n) => [n.id, n.displayBodyMessage])).toEqual([["n1", "In Design notes"]]);
    const none = await asOwner.data.notifications({
      ...target,
      data: { organizationId: "other", documentId: "design" },
    });
    expect(none.notifications).toEqual([]);
  });

  it("pushes who is in the document: its editors' live connections and present users, as they change", async () => {
    const { w, api, target } = await seeded();
    const censuses: string[] = [];
    const stop = subscribe(CENSUS_CHANNEL, (k) => censuses.push(k));
    const here = await watch(
      (c) => c.data.presence({ ...target, data: { organizationId: "o", documentId: "design" } }),
      w.email,
    );
    expect(await here.next()).toEqual({ editors: [], users: [] });
    await waitFor(() => censuses.includes(w.apiKey));
    stop();
    const count = (documentId: string, editorId: string, connections: number) => ({
      organizationId: "o",
      documentId,
      editorId,
      connections,
    });
    // Another key's snapshot is not this subscription's; another document's connections are not counted.
    await publishPresence({ instance: "x", apiKeyId: "key_other", sockets: 1, documentCount: 1, documents: [] });
    await publishPresence({
      instance: "one",
      apiKeyId: w.apiKey,
      sockets: 2,
      documentCount: 2,
      documents: [count("design", "body", 2), count("roadmap", "body", 5)],
    });
    expect(await here.next()).toEqual({ editors: [{ editorId: "body", connections: 2 }], users: [] });
    await api("/v2/presence/add", { organizationId: "o", documentId: "design", users: [{ userId: "ann" }] });
    expect(await here.next()).toEqual({
      editors: [{ editorId: "body", connections: 2 }],
      users: [{ userId: "ann", rest: true, liveConnections: 0 }],
    });
    await publishPresence({ instance: "one", apiKeyId: w.apiKey, sockets: 0, documentCount: 0, documents: [] });
    expect((await here.next()).editors).toEqual([]);
  });
});
