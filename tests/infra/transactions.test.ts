import { describe, expect, it } from "vitest";
import { commitInChunks, db, transaction, type Reader, type Tx } from "@/lib/infra/db";
import { call, newWorkspace, useTestDatabase } from "../helpers/api";

// The one transaction convention (lib/infra/db.ts): the dispatcher runs a writing operation in one
// transaction, commitInChunks commits chunk by chunk, and the types keep the client and a Tx apart.

useTestDatabase();

const counter = (bucket: string) => ({
  bucket,
  windowStart: new Date(0),
  count: 1,
  expiresAt: new Date(Date.now() + 60_000),
});
const stored = (buckets: string[]) =>
  db().rateLimitCounter.findMany({ where: { bucket: { in: buckets } }, orderBy: { bucket: "asc" } });
const orgCount = (apiKeyId: string) => db().organization.count({ where: { apiKeyId, organizationId: "org-tx" } });

describe("transactions", () => {
  it("a writing operation that fails after its first write leaves nothing behind", async () => {
    const w = await newWorkspace();
    const res = await call(
      "/v2/organizations/documents/add",
      { organizationId: "org-tx", createOrganization: true, folderId: "missing", documents: [{ documentId: "d1" }] },
      { headers: w.key },
    );
    expect(res.body.error).toMatchObject({ status: "NOT_FOUND", message: expect.stringContaining("Folder does not") });
    // Without the rollback, the organization created before the folder check would stay.
    expect(await orgCount(w.apiKey)).toBe(0);
    const ok = await call(
      "/v2/organizations/documents/add",
      { organizationId: "org-tx", createOrganization: true, documents: [{ documentId: "d1" }] },
      { headers: w.key },
    );
    expect(ok.status).toBe(200);
    expect(await orgCount(w.apiKey)).toBe(1);
  });

  it("transaction() writes all or nothing", async () => {
    await expect(
      transaction(async (tx) => {
        await tx.rateLimitCounter.create({ data: counter("tx-rollback") });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    await transaction((tx) => tx.rateLimitCounter.create({ data: counter("tx-commit") }));
    expect((await stored(["tx-rollback", "tx-commit"])).map((r) => r.bucket)).toEqual(["tx-commit"]);
  });

  it("commitInChunks passes each chunk the cursor the last one returned, and keeps chunks that committed", async () => {
    const cursors: number[] = [];
    await expect(
      commitInChunks(0, async (tx, n) => {
        cursors.push(n);
        await tx.rateLimitCounter.create({ data: counter(`chunk-${n}`) });
        if (n === 2) throw new Error("chunk 2 fails");
        return n + 1;
      }),
    ).rejects.toThrow("chunk 2 fails");
    expect(cursors).toEqual([0, 1, 2]);
    expect((await stored(["chunk-0", "chunk-1", "chunk-2"])).map((r) => r.bucket)).toEqual(["chunk-0", "chunk-1"]);

    const done: string[] = [];
    await commitInChunks("a", async (_tx, c) => {
      done.push(c);
      return c === "a" ? "b" : undefined;
    });
    expect(done).toEqual(["a", "b"]);
  });

  it("types: the client is not a Tx, and a Reader cannot write", () => {
    const needsTx = (tx: Tx) => tx;
    const reads = (r: Reader) => r.apiKey.findFirst;
    // @ts-expect-error the client is not a transaction: only transaction() makes a Tx
    const notATx = () => needsTx(db());
    // @ts-expect-error a Reader has no write methods
    const cannotWrite = (r: Reader) => r.apiKey.update;
    expect([reads(db()), notATx, cannotWrite].every((f) => typeof f === "function")).toBe(true);
  });
});
