import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

// Delete Organizations on an organization of 10,000 documents with data in every feature, while a client keeps
// reading it: no read fails with a 5xx, the organization is gone from reads the moment the delete answers, the
// purge job reports progress and ends, and afterwards no table that has an organizationId column (found from
// the catalog, so a table added later is checked too) holds a row of it. Another organization is untouched.

useTestDatabase();

const DOCUMENTS = 10_000;
const ada = { userId: "ada", name: "Ada", email: "ada@example.com" };

type Api = ReturnType<typeof asKey>;

async function populate(api: Api, apiKey: string, organizationId: string, documents: number) {
  const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);
  ok(
    await api("/v2/organizations/folders/add", {
      organizationId,
      createOrganization: true,
      folders: [{ folderId: "f" }, { folderId: "g", parentFolderId: "f" }],
    }),
  );
  for (let start = 0; start < documents; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, documents - start) }, (_, i) => ({
      documentId: `d${start + i}`,
    }));
    ok(await api("/v2/organizations/documents/add", { organizationId, folderId: "g", documents: batch }));
  }
  ok(await api("/v2/users/add", { organizationId, users: [{ ...ada, organizationUserGroupIds: ["eng"] }] }));
  ok(await api("/v2/users/add", { organizationId, documentId: "d1", users: [{ userId: "bob" }] }));
  ok(
    await api("/v2/organizations/usergroups/permissions/add", {
      organizationId,
      organizationUserGroupId: "eng",
      permissions: { resources: [{ type: "folder", id: "f" }] },
    }),
  );
  ok(
    await api("/v2/commentannotations/add", {
      organizationId,
      documentId: "d1",
      commentAnnotations: [{ annotationId: "a1", commentData: [{ commentText: "hello", from: ada }] }],
    }),
  );
  const comments = await api("/v2/commentannotations/comments/get", {
    organizationId,
    documentId: "d1",
    annotationId: "a1",
  });
  ok(
    await api("/v2/commentannotations/comments/reactions/add", {
      organizationId,
      documentId: "d1",
      annotationId: "a1",
      commentId: comments.body.result.data[0].commentId,
      icon: "+1",
      from: ada,
    }),
  );
  ok(
    await api("/v2/notifications/add", {
      organizationId,
      documentId: "d2",
      notificationId: "n1",
      actionUser: ada,
      displayHeadlineMessageTemplate: "hi",
      displayBodyMessage: "body",
      notifyUsers: [{ userId: "bob" }],
    }),
  );
  ok(
    await api("/v2/activities/add", {
      organizationId,
      documentId: "d3",
      activities: [
        { id: "act", featureType: "comment", actionType: "comment.add", actionUser: ada, targetEntityId: "a1" },
      ],
    }),
  );
  // Read state, preferences, presence and live state.
  ok(await api("/v2/notifications/update", { organizationId, notifications: [{ id: "n1", readByUserIds: ["bob"] }] }));
  ok(
    await api("/v2/commentannotations/read/update", {
      organizationId,
      documentId: "d1",
      annotationIds: ["a1"],
      readByUserIds: ["bob"],
    }),
  );
  ok(await api("/v2/notifications/config/set", { organizationId, userIds: ["bob"], config: { inbox: "ALL" } }));
  ok(await api("/v2/presence/add", { organizationId, documentId: "d1", users: [{ userId: "bob", status: "online" }] }));
  ok(
    await api("/v2/livestate/broadcast", {
      organizationId,
      documentId: "d1",
      liveStateDataId: "state",
      data: { step: 1 },
    }),
  );
  ok(await api("/v2/crdt/add", { organizationId, documentId: "d4", editorId: "e", data: "text", type: "text" }));
  ok(await api("/v2/crdt/versions/save", { organizationId, documentId: "d4", editorId: "e", versionName: "v1" }));
  ok(await api("/v2/organizations/documents/migrate", { organizationId, documentId: "d5", newDocumentId: "d5-moved" }));
  // A live client's edit not compacted yet, and an agent run: written here as the live server and the agent
  // worker write them.
  await db().crdtUpdate.create({
    data: { apiKeyId: apiKey, organizationId, documentId: "d4", editorId: "e", update: new Uint8Array([0, 0]) },
  });
  await db().agentExecution.create({
    data: {
      id: `exec-${organizationId}`,
      apiKeyId: apiKey,
      agentId: "agent",
      agentName: "Agent",
      agentVersion: 1,
      model: "gpt-4o",
      instruction: "check",
      reads: "text",
      organizationId,
      documentId: "d4",
      status: "passed",
      message: "ok",
      trigger: "api",
    },
  });
}

/** Rows per table with an organizationId column that belong to the organization. */
async function rowsOf(apiKey: string, organizationId: string): Promise<Record<string, number>> {
  const tables = await db().$queryRaw<{ table: string }[]>`
    SELECT table_name AS "table" FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'organizationId'`;
  const counts: Record<string, number> = {};
  for (const { table } of tables) {
    const [{ n }] = await db().$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE "organizationId" = $1 AND "apiKeyId" = $2`,
      organizationId,
      apiKey,
    );
    counts[table] = n;
  }
  return counts;
}

const filled = (counts: Record<string, number>) =>
  Object.keys(counts)
    .filter((t) => counts[t] > 0)
    .sort();

describe("deleting an organization of 10,000 documents", () => {
  it("hides it at once, purges every table in the background while a client reads, and touches nothing else", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await populate(api, w.apiKey, "big", DOCUMENTS);
    await populate(api, w.apiKey, "kept", 10);
    await waitFor(async () => (await db().commentAnnotation.count({ where: { apiKeyId: w.apiKey } })) === 2);
    const before = await rowsOf(w.apiKey, "big");
    // Every table that has an organizationId column holds rows of it, so the scan below proves each is purged.
    expect(filled(before)).toEqual(Object.keys(before).sort());
    expect(before.Document).toBe(DOCUMENTS);
    const kept = await rowsOf(w.apiKey, "kept");

    // A client reading the organization the whole time: what each read answered, and whether it held any data.
    const statuses: number[] = [];
    const heldData: boolean[] = [];
    let reading = true;
    const reader = (async () => {
      const reads = [
        () => api("/v2/organizations/documents/get", { organizationId: "big", pageSize: 100 }),
        () => api("/v2/commentannotations/get", { organizationId: "big", documentId: "d1" }),
        () => api("/v2/crdt/get", { organizationId: "big", documentId: "d4" }),
        () => api("/v2/users/get", { organizationId: "big" }),
      ];
      for (let i = 0; reading; i++) {
        const res = await reads[i % reads.length]();
        statuses.push(res.status);
        heldData.push(res.status === 200 && res.body.result.data.length > 0);
        // An answer from the in-process caches takes no I/O: yield, as a client across a network would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await waitFor(() => statuses.length >= 8);

    const deleted = await api("/v2/organizations/delete", { organizationIds: ["big"] });
    expect(deleted.body.result.data.big.success).toBe(true);
    const readsBefore = statuses.length;
    const gone = await api("/v2/organizations/documents/get", { organizationId: "big" });
    expect(gone.status).toBe(404);

    // Progress: the purge counts rows as it goes, then removes the organization's row.
    let progressed = false;
    await waitFor(
      async () => {
        const row = await db().organization.findUnique({
          where: { apiKeyId_organizationId: { apiKeyId: w.apiKey, organizationId: "big" } },
          select: { purgedRows: true, purgeTotal: true },
        });
        if (row && row.purgeTotal !== null && row.purgedRows > 0 && row.purgedRows < row.purgeTotal) progressed = true;
        return row === null;
      },
      240_000,
      50,
    );
    reading = false;
    await reader;

    expect(statuses.length).toBeGreaterThan(readsBefore);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // Every read sent after the delete answered found nothing of it (the one in flight then may have been served
    // before it): NOT_FOUND while it was being purged, and once the purge ended, an organization that does not exist.
    expect(statuses.slice(readsBefore + 1)).toContain(404);
    expect(heldData.slice(readsBefore + 1)).not.toContain(true);
    expect(heldData.slice(0, readsBefore)).toContain(true);
    expect(progressed).toBe(true);
    expect(filled(await rowsOf(w.apiKey, "big"))).toEqual([]);
    expect(await rowsOf(w.apiKey, "kept")).toEqual(kept);
    const reused = await api("/v2/organizations/add", {
      organizations: [{ organizationId: "big", organizationName: "New" }],
    });
    expect(reused.body.result.data.big.success).toBe(true);
    expect((await api("/v2/crdt/get", { organizationId: "big", documentId: "d4" })).body.result.data).toEqual([]);
  }, 600_000);
});
