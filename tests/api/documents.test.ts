import { describe, expect, it } from "vitest";
import { migrateDocuments } from "@/lib/domain/documents/migrate-documents";
import { db, transaction } from "@/lib/infra/db";
import { asKey, call, newWorkspace, setAdvancedQueries, useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

useTestDatabase();

const docs = (...ids: string[]) => ids.map((documentId) => ({ documentId, documentName: `Name of ${documentId}` }));
const DOC_ID = /^doc_[0-9a-f]{32}$/;

describe("Add Documents", () => {
  it("adds documents, with the organization and folder created on demand in the same call", async () => {
    const api = asKey(await newWorkspace());
    const res = await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      folderId: "inbox",
      createFolder: true,
      documents: docs("d1", "d2"),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Document(s) added successfully.",
        data: {
          d1: { success: true, id: expect.stringMatching(DOC_ID), message: "Added Successfully" },
          d2: { success: true, id: expect.stringMatching(DOC_ID), message: "Added Successfully" },
        },
      },
    });
    const got = await api("/v2/organizations/documents/get", { organizationId: "org", folderId: "inbox" });
    expect(got.body.result.data).toEqual(
      expect.arrayContaining([
        { id: "d1", documentName: "Name of d1", disabled: false, accessType: "public", folderId: "inbox" },
        { id: "d2", documentName: "Name of d2", disabled: false, accessType: "public", folderId: "inbox" },
      ]),
    );
    const folders = await api("/v2/organizations/folders/get", { organizationId: "org" });
    expect(folders.body.result.data.map((f: { folderId: string }) => f.folderId)).toEqual(["inbox"]);
  });

  it("reports an existing document as an item failure and leaves it unchanged", async () => {
    const api = asKey(await newWorkspace());
    const first = await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: docs("d1"),
    });
    const again = await api("/v2/organizations/documents/add", {
      organizationId: "org",
      documents: [
        { documentId: "d1", documentName: "Renamed" },
        { documentId: "d3", accessType: "restricted" },
      ],
    });
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual({
      status: "success",
      message: "Document(s) added successfully.",
      data: {
        d1: { success: false, id: first.body.result.data.d1.id, message: "Document already exists" },
        d3: { success: true, id: expect.stringMatching(DOC_ID), message: "Added Successfully" },
      },
    });
    const got = await api("/v2/organizations/documents/get", { organizationId: "org", documentIds: ["d1", "d3"] });
    expect(got.body.result.data).toEqual(
      expect.arrayContaining([
        { id: "d1", documentName: "Name of d1", disabled: false, accessType: "public" },
        { id: "d3", disabled: false, accessType: "restricted" },
      ]),
    );
  });

  it("gives documents created without an access type the key's defaultDocumentAccessType", async () => {
    const api = asKey(await newWorkspace());
    const before = await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: [{ documentId: "before" }],
    });
    expect(before.body.result.data.before.success).toBe(true);
    const set = await api("/v2/workspace/apikeyconfig/update", { defaultDocumentAccessType: "restricted" });
    expect(set.status).toBe(200);
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      documents: [{ documentId: "after" }, { documentId: "explicit", accessType: "organizationPrivate" }],
    });
    // Documents made on demand (createDocument on another call) get it too.
    await api("/v2/users/add", {
      organizationId: "org",
      documentId: "on-demand",
      createDocument: true,
      users: [{ userId: "u1" }],
    });
    const got = await api("/v2/organizations/documents/get", {
      organizationId: "org",
      documentIds: ["before", "after", "explicit", "on-demand"],
    });
    const access = Object.fromEntries(
      got.body.result.data.map((d: { id: string; accessType: string }) => [d.id, d.accessType]),
    );
    expect(access).toEqual({
      before: "public",
      after: "restricted",
      explicit: "organizationPrivate",
      "on-demand": "restricted",
    });
  });

  it("needs the organization and folder to exist unless asked to create them", async () => {
    const api = asKey(await newWorkspace());
    expect(
      (await api("/v2/organizations/documents/add", { organizationId: "nope", documents: docs("d1") })).body,
    ).toEqual({
      error: {
        status: "NOT_FOUND",
        message: "Organization does not exist. Pass createOrganization: true to create it.",
      },
    });
    await api("/v2/organizations/add", { organizations: [{ organizationId: "org", organizationName: "Org" }] });
    const noFolder = await api("/v2/organizations/documents/add", {
      organizationId: "org",
      folderId: "f",
      documents: docs("d1"),
    });
    expect(noFolder.status).toBe(404);
    expect(noFolder.body.error).toEqual({
      status: "NOT_FOUND",
      message: "Folder does not exist. Pass createFolder: true to create it.",
    });
    expect((await api("/v2/organizations/documents/get", { organizationId: "org" })).body.result.data).toEqual([]);
  });

  it("validates the batch: at most 1,000 documents, distinct ids, known fields", async () => {
    const api = asKey(await newWorkspace());
    const base = { organizationId: "org", createOrganization: true };
    const many = docs(...Array.from({ length: 1001 }, (_, i) => `d${i}`));
    expect((await api("/v2/organizations/documents/add", { ...base, documents: many })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "documents must contain at most 1000 items.",
    });
    expect(
      (await api("/v2/organizations/documents/add", { ...base, documents: docs("a", "b", "a") })).body.error.message,
    ).toBe("documents[2].documentId repeats documents[0].documentId.");
    expect(
      (await api("/v2/organizations/documents/add", { ...base, documents: [{ documentName: "x" }] })).body.error
        .message,
    ).toBe("documents[0].documentId is required.");
    expect(
      (
        await api("/v2/organizations/documents/add", {
          ...base,
          documents: [{ documentId: "x", accessType: "secret" }],
        })
      ).body.error.message,
    ).toBe("documents[0].accessType must be one of: organizationPrivate, restricted, public.");
    expect((await api("/v2/organizations/get", {})).body.result.data).toEqual([]);
  });

  it("adds 1,000 documents in one call", async () => {
    const api = asKey(await newWorkspace());
    const ids = Array.from({ length: 1000 }, (_, i) => `bulk-${i}`);
    const res = await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: docs(...ids),
    });
    expect(Object.values(res.body.result.data).every((r) => (r as { success: boolean }).success)).toBe(true);
    expect(Object.keys(res.body.result.data)).toHaveLength(1000);
  });
});

describe("Get Documents", () => {
  it("pages through 2,500 documents with no duplicates or gaps while documents are added between pages", async () => {
    const api = asKey(await newWorkspace());
    const original = Array.from({ length: 2500 }, (_, i) => `doc-${String(i).padStart(4, "0")}`);
    for (let i = 0; i < original.length; i += 1000) {
      await api("/v2/organizations/documents/add", {
        organizationId: "org",
        createOrganization: true,
        documents: docs(...original.slice(i, i + 1000)),
      });
    }
    const seen: string[] = [];
    const added: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const res = await api("/v2/organizations/documents/get", {
        organizationId: "org",
        pageSize: 300,
        ...(pageToken && { pageToken }),
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.result.data.map((d: { id: string }) => d.id));
      pageToken = res.body.result.pageToken;
      expect(res.body.result.nextPageToken).toBeUndefined();
      pages += 1;
      if (pageToken && pages <= 5) {
        const late = [`late-${pages}-a`, `late-${pages}-b`];
        added.push(...late);
        await api("/v2/organizations/documents/add", { organizationId: "org", documents: docs(...late) });
      }
    } while (pageToken);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...original, ...added].sort());
  });

  it("defaults to pages of 1,000 and caps documentIds at 30", async () => {
    const api = asKey(await newWorkspace());
    const ids = Array.from({ length: 1001 }, (_, i) => `d${i}`);
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: docs(...ids.slice(0, 1000)),
    });
    await api("/v2/organizations/documents/add", { organizationId: "org", documents: docs(ids[1000]) });
    const first = await api("/v2/organizations/documents/get", { organizationId: "org" });
    expect(first.body.result.data).toHaveLength(1000);
    expect(typeof first.body.result.pageToken).toBe("string");
    const last = await api("/v2/organizations/documents/get", {
      organizationId: "org",
      pageToken: first.body.result.pageToken,
    });
    expect(last.body.result).toEqual({
      status: "success",
      message: "Document(s) retrieved successfully.",
      data: [{ id: "d1000", documentName: "Name of d1000", disabled: false, accessType: "public" }],
    });
    const tooMany = await api("/v2/organizations/documents/get", {
      organizationId: "org",
      documentIds: ids.slice(0, 31),
    });
    expect(tooMany.body).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "documentIds must contain at most 30 items." },
    });
    expect(
      (await api("/v2/organizations/documents/get", { organizationId: "org", pageSize: 0 })).body.error.message,
    ).toBe("pageSize must be at least 1.");
  });

  it("needs advanced queries on the key", async () => {
    const w = await newWorkspace();
    await setAdvancedQueries(w.apiKey, false);
    const res = await asKey(w)("/v2/organizations/documents/get", { organizationId: "org" });
    expect(res.body).toEqual({
      error: {
        status: "FAILED_PRECONDITION",
        message: `Advanced queries are disabled for this API key. Enable them with: npx weft apikey:update ${w.apiKey} --advanced-queries on`,
      },
    });
    await setAdvancedQueries(w.apiKey, true);
    expect((await asKey(w)("/v2/organizations/documents/get", { organizationId: "org" })).status).toBe(200);
  });
});

describe("Delete Documents", () => {
  // v2 keeps the spec's reply for a missing document (wire notes, decision 1); v1 reports it inline as a failed
  // item with code not-found, in an HTTP 200 (wire-reference.json, Delete Documents (v1)).
  const missing = {
    "/v2/organizations/documents/delete": {
      success: true,
      id: expect.stringMatching(DOC_ID),
      message: "Document does not exist",
    },
    "/v1/organizations/documents/delete": {
      success: false,
      id: "ghost",
      message: "Document does not exist",
      code: "not-found",
    },
  };
  for (const [path, ghost] of Object.entries(missing)) {
    it(`${path} deletes documents with their memberships; reports a missing one as the reference shows`, async () => {
      const w = await newWorkspace();
      const api = asKey(w);
      const added = await api("/v2/organizations/documents/add", {
        organizationId: "org",
        createOrganization: true,
        documents: docs("d1", "d2"),
      });
      await api("/v2/users/add", { organizationId: "org", documentId: "d1", users: [{ userId: "u1" }] });
      const res = await api(path, { organizationId: "org", documentIds: ["d1", "ghost"] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: {
          status: "success",
          message: "Document(s) deleted successfully.",
          data: { d1: { success: true, id: added.body.result.data.d1.id, message: "Deleted Successfully" }, ghost },
        },
      });
      const left = await api("/v2/organizations/documents/get", { organizationId: "org" });
      expect(left.body.result.data.map((d: { id: string }) => d.id)).toEqual(["d2"]);
      expect(
        await db().membership.count({ where: { apiKeyId: w.apiKey, resourceType: "document", resourceId: "d1" } }),
      ).toBe(0);
    });
  }
});

describe("Migrate Documents", () => {
  it("moves a document that has users to the new id in the background; the old id stops existing", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: docs("old"),
    });
    await api("/v2/users/add", {
      organizationId: "org",
      documentId: "old",
      users: [
        { userId: "u1", name: "Ada", accessRole: "viewer" },
        { userId: "u2", name: "Bob" },
      ],
    });
    await api("/v2/crdt/add", {
      organizationId: "org",
      documentId: "old",
      editorId: "e1",
      type: "text",
      data: "draft",
    });
    const started = await api("/v2/organizations/documents/migrate", {
      organizationId: "org",
      documentId: "old",
      newDocumentId: "new",
    });
    expect(started.body).toEqual({
      result: {
        status: "success",
        message: "Document migration started successfully.",
        data: { migrationId: expect.stringMatching(/^mig_/) },
      },
    });
    const { migrationId } = started.body.result.data;
    const status = () => api("/v2/organizations/documents/migrate/status", { organizationId: "org", migrationId });
    expect(["pending", "in_progress", "completed"]).toContain((await status()).body.result.data.status);
    await waitFor(async () => (await status()).body.result.data.status === "completed", 20_000);
    expect((await status()).body).toEqual({
      result: {
        status: "success",
        message: "Migration status retrieved successfully.",
        data: { migrationId, status: "completed" },
      },
    });

    const users = await api("/v2/users/get", { organizationId: "org", documentId: "new" });
    expect(users.body.result.data).toEqual(
      expect.arrayContaining([
        { userId: "u1", name: "Ada", initial: "A", accessRole: "viewer" },
        { userId: "u2", name: "Bob", initial: "B", accessRole: "editor" },
      ]),
    );
    expect((await api("/v2/users/get", { organizationId: "org", documentId: "old" })).body.result.data).toEqual([]);
    const crdt = await api("/v2/crdt/get", { organizationId: "org", documentId: "new", editorId: "e1" });
    expect(crdt.body.result.data).toEqual([expect.objectContaining({ id: "e1", data: "draft" })]);
    expect(
      (await api("/v2/crdt/get", { organizationId: "org", documentId: "old", editorId: "e1" })).body.result.data,
    ).toEqual([]);
    const documents = await api("/v2/organizations/documents/get", { organizationId: "org" });
    expect(documents.body.result.data).toEqual([
      { id: "new", documentName: "Name of old", disabled: false, accessType: "public" },
    ]);
    const readded = await api("/v2/organizations/documents/add", { organizationId: "org", documents: docs("old") });
    expect(readded.body.result.data.old.success).toBe(true);
  });

  it("refuses a missing source, an existing target and the same id", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: docs("a", "b"),
    });
    const body = (documentId: string, newDocumentId: string) => ({ organizationId: "org", documentId, newDocumentId });
    expect((await api("/v2/organizations/documents/migrate", body("ghost", "c"))).body.error).toEqual({
      status: "NOT_FOUND",
      message: "Document does not exist.",
    });
    const taken = await api("/v2/organizations/documents/migrate", body("a", "b"));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({
      status: "ALREADY_EXISTS",
      message: "A document with newDocumentId already exists.",
    });
    expect((await api("/v2/organizations/documents/migrate", body("a", "a"))).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "newDocumentId must differ from documentId.",
    });
    expect(await db().documentMigration.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
  });

  it("ends failed with a reason when the target appeared before the job ran", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: docs("from"),
    });
    const scope = { level: "apiKey" as const, workspaceId: w.workspace.id, apiKeyId: w.apiKey };
    const { migrationId } = await transaction(async (tx) => {
      const started = await migrateDocuments(
        scope,
        { organizationId: "org", documentId: "from", newDocumentId: "to" },
        tx,
      );
      await tx.document.create({
        data: { id: "doc_racing", apiKeyId: w.apiKey, organizationId: "org", documentId: "to" },
      });
      return started;
    });
    const status = () => api("/v2/organizations/documents/migrate/status", { organizationId: "org", migrationId });
    await waitFor(async () => (await status()).body.result.data.status === "failed", 20_000);
    expect((await status()).body.result.data).toEqual({
      migrationId,
      status: "failed",
      reason: "Document to already exists.",
    });
    const left = await api("/v2/organizations/documents/get", { organizationId: "org" });
    expect(left.body.result.data.map((d: { id: string }) => d.id).sort()).toEqual(["from", "to"]);
  });

  it("retries a migration whose first attempt hit a transient database error, and completes it", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: docs("before-retry"),
    });
    // The first time a migration to "after-retry" is marked completed, the database refuses the transaction
    // as a serialization failure would; a sequence counts the tries, since it is not rolled back with them.
    await db().$executeRawUnsafe(`CREATE SEQUENCE "migration_transient_tries"`);
    await db().$executeRawUnsafe(`
      CREATE FUNCTION "fail_first_migration"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('migration_transient_tries') = 1 THEN
          RAISE EXCEPTION 'could not serialize access due to concurrent update' USING ERRCODE = 'serialization_failure';
        END IF;
        RETURN NEW;
      END $$`);
    await db().$executeRawUnsafe(`
      CREATE TRIGGER "fail_first_migration" BEFORE UPDATE ON "DocumentMigration" FOR EACH ROW
      WHEN (NEW."status" = 'completed' AND NEW."newDocumentId" = 'after-retry')
      EXECUTE FUNCTION "fail_first_migration"()`);
    try {
      const started = await api("/v2/organizations/documents/migrate", {
        organizationId: "org",
        documentId: "before-retry",
        newDocumentId: "after-retry",
      });
      const { migrationId } = started.body.result.data;
      const status = async () =>
        (await api("/v2/organizations/documents/migrate/status", { organizationId: "org", migrationId })).body.result
          .data;
      await waitFor(async () => ["completed", "failed"].includes((await status()).status), 30_000);
      expect(await status()).toEqual({ migrationId, status: "completed" });
      const job = await db().job.findFirst({
        where: { kind: "documents.migrate", payload: { path: ["migrationId"], equals: migrationId } },
        select: { status: true, attempts: true },
      });
      expect(job).toEqual({ status: "done", attempts: 2 });
      const left = await api("/v2/organizations/documents/get", { organizationId: "org" });
      expect(left.body.result.data.map((d: { id: string }) => d.id)).toEqual(["after-retry"]);
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER "fail_first_migration" ON "DocumentMigration"`);
      await db().$executeRawUnsafe(`DROP FUNCTION "fail_first_migration"`);
      await db().$executeRawUnsafe(`DROP SEQUENCE "migration_transient_tries"`);
    }
  });

  it("answers NOT_FOUND for an unknown migration", async () => {
    const api = asKey(await newWorkspace());
    expect(
      (await api("/v2/organizations/documents/migrate/status", { organizationId: "org", migrationId: "mig_nope" }))
        .body,
    ).toEqual({
      error: { status: "NOT_FOUND", message: "Migration not found." },
    });
  });
});

describe("tenant isolation", () => {
  it("never lets one API key see or change another key's documents, whatever ids it sends", async () => {
    const a = await newWorkspace();
    const apiA = asKey(a);
    await apiA("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: docs("d1"),
    });
    await apiA("/v2/users/add", { organizationId: "org", documentId: "d1", users: [{ userId: "u1" }] });
    const mig = await apiA("/v2/organizations/documents/migrate", {
      organizationId: "org",
      documentId: "d1",
      newDocumentId: "d1-moved",
    });

    // A second key in the same workspace is a tenant of its own too.
    const keyB = await call(
      "/v2/workspace/apikey/create",
      { ownerEmail: a.email, type: "testing", createAuthToken: true },
      { headers: a.ws },
    );
    const tokens = await call(
      "/v2/workspace/authtokens/get",
      { apiKey: keyB.body.result.data.apiKey },
      { headers: a.ws },
    );
    const apiB = (path: string, data: unknown) =>
      call(path, data, {
        headers: {
          "x-velt-api-key": keyB.body.result.data.apiKey,
          "x-velt-auth-token": tokens.body.result.data.authTokens[0].token,
        },
      });

    for (const api of [apiB, asKey(await newWorkspace())]) {
      expect((await api("/v2/organizations/documents/get", { organizationId: "org" })).body.result.data).toEqual([]);
      expect(
        (await api("/v2/organizations/documents/get", { organizationId: "org", documentIds: ["d1", "d1-moved"] })).body
          .result.data,
      ).toEqual([]);
      expect(
        (
          await api("/v2/organizations/documents/migrate/status", {
            organizationId: "org",
            migrationId: mig.body.result.data.migrationId,
          })
        ).body.error.status,
      ).toBe("NOT_FOUND");
      expect(
        (
          await api("/v2/organizations/documents/migrate", {
            organizationId: "org",
            documentId: "d1",
            newDocumentId: "x",
          })
        ).body.error.status,
      ).toBe("NOT_FOUND");
      const del = await api("/v2/organizations/documents/delete", {
        organizationId: "org",
        documentIds: ["d1", "d1-moved"],
      });
      expect(Object.values(del.body.result.data).map((r) => (r as { message: string }).message)).toEqual([
        "Document does not exist",
        "Document does not exist",
      ]);
      expect(
        (await api("/v2/organizations/documents/add", { organizationId: "org", documents: docs("d1") })).body.error
          .status,
      ).toBe("NOT_FOUND");
    }
    await waitFor(
      async () =>
        (await apiA("/v2/organizations/documents/get", { organizationId: "org" })).body.result.data[0]?.id ===
        "d1-moved",
      20_000,
    );
    expect((await apiA("/v2/users/get", { organizationId: "org", documentId: "d1-moved" })).body.result.data).toEqual([
      { userId: "u1", accessRole: "editor" },
    ]);
  });
});

describe("Update Documents", () => {
  it("renames documents; with a missing one the others stay updated and the call answers INTERNAL with details", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/organizations/documents/add", {
      organizationId: "yourOrganizationId",
      createOrganization: true,
      documents: docs("yourDocumentId", "yourDocumentId1"),
    });
    const res = await api("/v2/organizations/documents/update", {
      organizationId: "yourOrganizationId",
      documents: [{ documentId: "yourDocumentId", documentName: "Your Document Name" }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Document(s) updated successfully.",
        data: { yourDocumentId: { success: true, id: expect.stringMatching(DOC_ID), message: "Updated Successfully" } },
      },
    });
    const partial = await api("/v2/organizations/documents/update", {
      organizationId: "yourOrganizationId",
      documents: [
        { documentId: "yourDocumentId1", documentName: "Renamed" },
        { documentId: "yourDocumentId2", documentName: "Nobody" },
      ],
    });
    expect(partial.status).toBe(500);
    expect(partial.body).toEqual({
      error: {
        status: "INTERNAL",
        message: "Error updating document(s).",
        details: {
          yourDocumentId1: { success: true, id: expect.stringMatching(DOC_ID), message: "Updated Successfully" },
          yourDocumentId2: {
            success: false,
            id: "yourDocumentId2",
            message: "Document does not exist",
            code: "not-found",
          },
        },
      },
    });
    const got = await api("/v2/organizations/documents/get", { organizationId: "yourOrganizationId" });
    expect(got.body.result.data.map((d: { documentName: string }) => d.documentName).sort()).toEqual([
      "Renamed",
      "Your Document Name",
    ]);
  });
});

describe("Move Documents", () => {
  it("moves up to 30 documents into a folder; those that inherit take the folder's access type", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/organizations/folders/add", {
      organizationId: "yourOrganizationId",
      createOrganization: true,
      folders: [{ folderId: "targetFolderId", accessType: "restricted" }],
    });
    await api("/v2/organizations/documents/add", {
      organizationId: "yourOrganizationId",
      documents: [{ documentId: "yourDocumentId1" }, { documentId: "yourDocumentId2", accessType: "public" }],
    });
    const res = await api("/v2/organizations/documents/move", {
      organizationId: "yourOrganizationId",
      documentIds: ["yourDocumentId1", "yourDocumentId2"],
      folderId: "targetFolderId",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { status: "success", message: "Documents moved successfully." } });
    const got = await api("/v2/organizations/documents/get", { organizationId: "yourOrganizationId" });
    expect(got.body.result.data).toHaveLength(2);
    expect(got.body.result.data).toEqual(
      expect.arrayContaining([
        { id: "yourDocumentId1", disabled: false, accessType: "restricted", folderId: "targetFolderId" },
        { id: "yourDocumentId2", disabled: false, accessType: "public", folderId: "targetFolderId" },
      ]),
    );
    // "root" takes them back to the top level, where an inheriting document has the key's default.
    await api("/v2/organizations/documents/move", {
      organizationId: "yourOrganizationId",
      documentIds: ["yourDocumentId1"],
      folderId: "root",
    });
    const back = await api("/v2/organizations/documents/get", {
      organizationId: "yourOrganizationId",
      documentIds: ["yourDocumentId1"],
    });
    expect(back.body.result.data).toEqual([{ id: "yourDocumentId1", disabled: false, accessType: "public" }]);
  });

  it("moves nothing when the folder or a document is missing, and takes at most 30 ids", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/organizations/folders/add", {
      organizationId: "org",
      createOrganization: true,
      folders: [{ folderId: "f" }],
    });
    await api("/v2/organizations/documents/add", { organizationId: "org", documents: docs("d1") });
    const noFolder = await api("/v2/organizations/documents/move", {
      organizationId: "org",
      documentIds: ["d1"],
      folderId: "nope",
    });
    expect(noFolder.status).toBe(404);
    expect(noFolder.body.error).toEqual({ status: "NOT_FOUND", message: "Folder does not exist." });
    const noDoc = await api("/v2/organizations/documents/move", {
      organizationId: "org",
      documentIds: ["d1", "ghost"],
      folderId: "f",
    });
    expect(noDoc.body.error).toEqual({
      status: "NOT_FOUND",
      message: "Document does not exist",
      details: { documentIds: ["ghost"] },
    });
    expect(
      (await api("/v2/organizations/documents/get", { organizationId: "org" })).body.result.data[0],
    ).not.toHaveProperty("folderId");
    const many = await api("/v2/organizations/documents/move", {
      organizationId: "org",
      documentIds: Array.from({ length: 31 }, (_, i) => `d${i}`),
      folderId: "f",
    });
    expect(many.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "documentIds must contain at most 30 items.",
    });
  });
});

describe("Update Access for Documents", () => {
  it("sets each document's own access type; a missing one fails alone", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/organizations/documents/add", {
      organizationId: "yourOrganizationId",
      createOrganization: true,
      documents: docs("yourDocumentId"),
    });
    const res = await api("/v2/organizations/documents/access/update", {
      organizationId: "yourOrganizationId",
      documentIds: ["yourDocumentId", "yourDocumentId1, yourDocumentId2"],
      accessType: "organizationPrivate",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Updated access for documents successfully.",
        data: {
          yourDocumentId: {
            success: true,
            accessType: "organizationPrivate",
            message: "Document access type updated.",
          },
          "yourDocumentId1, yourDocumentId2": { success: false, message: "Document does not exist" },
        },
      },
    });
    const got = await api("/v2/organizations/documents/get", { organizationId: "yourOrganizationId" });
    expect(got.body.result.data[0].accessType).toBe("organizationPrivate");
    const bad = await api("/v2/organizations/documents/access/update", {
      organizationId: "yourOrganizationId",
      documentIds: ["yourDocumentId"],
      accessType: "secret",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^accessType /);
  });
});

describe("Update Disabled State for Documents", () => {
  it("switches documents off and on, as the reference example shows", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/organizations/documents/add", {
      organizationId: "yourOrganizationId",
      createOrganization: true,
      documents: docs("yourDocumentId"),
    });
    const res = await api("/v2/organizations/documents/access/disablestate/update", {
      organizationId: "yourOrganizationId",
      documentIds: ["yourDocumentId", "missing"],
      disabled: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Updated disable state for documents successfully.",
        data: {
          yourDocumentId: { success: true, disabled: true, message: "Document disabled state updated." },
          missing: { success: false, message: "Document does not exist" },
        },
      },
    });
    const got = await api("/v2/organizations/documents/get", { organizationId: "yourOrganizationId" });
    expect(got.body.result.data[0].disabled).toBe(true);
  });
});
