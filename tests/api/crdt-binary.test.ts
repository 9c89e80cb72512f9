import * as Y from "yjs";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { dispatch } from "@/lib/api/dispatch";
import { call, newWorkspace, useTestDatabase } from "../helpers/api";

// Binary Yjs over REST (weft extension): a backend syncs its own Y.Doc with an editor through raw updates and
// state-vector diffs, and deletes an editor's data.

useTestDatabase();

let key: Record<string, string>;
let apiKey: string;
beforeAll(async () => {
  ({ key, apiKey } = await newWorkspace());
});

let seq = 0;
const editor = () => ({ organizationId: "org-b", documentId: "doc-b", editorId: `editor-${++seq}` });
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

async function ok(path: string, data: object) {
  const res = await call(path, data, { headers: key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

/** A raw-bytes call: the ids in the query string, the update as the body. */
async function applyRaw(ref: Record<string, string>, bytes: Uint8Array, contentType = "application/octet-stream") {
  const res = await dispatch(
    new Request(`http://localhost/v2/crdt/apply?${new URLSearchParams(ref)}`, {
      method: "POST",
      body: Buffer.from(bytes),
      headers: { "content-type": contentType, ...key },
    }),
    { clientIp: "203.0.113.9" },
  );
  return { status: res.status, body: await res.json() };
}

describe("binary Yjs over REST", () => {
  it("syncs a backend's Y.Doc both ways: raw updates in, state-vector diffs out", async () => {
    const ref = editor();
    const backend = new Y.Doc();
    backend.getText("content").insert(0, "from the backend");
    // JSON envelope with base64: the first update creates the editor, typed after its first root.
    expect((await ok("/v2/crdt/apply", { ...ref, update: b64(Y.encodeStateAsUpdate(backend)) })).message).toBe(
      "CRDT update applied successfully.",
    );
    expect((await ok("/v2/crdt/get", ref)).data[0]).toMatchObject({
      type: "text",
      contentKey: "content",
      data: "from the backend",
    });
    // Someone edits over REST; the backend asks only for what it lacks.
    await ok("/v2/crdt/update", { ...ref, type: "text", data: "edited from the backend" });
    const state = (await ok("/v2/crdt/state", { ...ref, stateVector: b64(Y.encodeStateVector(backend)) })).data;
    const diff = Buffer.from(state.update, "base64");
    expect(diff.byteLength).toBeLessThan(Y.encodeStateAsUpdate(backend).byteLength + 20);
    Y.applyUpdate(backend, diff);
    expect(backend.getText("content").toString()).toBe("edited from the backend");
    expect(state.stateVector).toBe(b64(Y.encodeStateVector(backend)));
    // The backend edits offline and sends only its change, as raw bytes.
    const sv = Y.encodeStateVector(backend);
    backend.getText("content").insert(0, ">> ");
    const raw = await applyRaw(ref, Y.encodeStateAsUpdate(backend, sv));
    expect(raw.status, JSON.stringify(raw.body)).toBe(200);
    expect((await ok("/v2/crdt/get", ref)).data[0].data).toBe(">> edited from the backend");
    const whole = (await ok("/v2/crdt/state", ref)).data;
    const fresh = new Y.Doc();
    Y.applyUpdate(fresh, Buffer.from(whole.update, "base64"));
    expect(fresh.getText("content").toString()).toBe(">> edited from the backend");
  });

  it("refuses what is not a Yjs update, over the state limit, or raw bytes on an endpoint that takes JSON only", async () => {
    const ref = editor();
    const garbage = await call(
      "/v2/crdt/apply",
      { ...ref, update: b64(new Uint8Array([1, 2, 3, 250])) },
      { headers: key },
    );
    expect(garbage.body.error).toEqual({ status: "INVALID_ARGUMENT", message: "update is not a Yjs update." });
    const notB64 = await call("/v2/crdt/apply", { ...ref, update: "%%%" }, { headers: key });
    expect(notB64.body.error.message).toMatch(/update must be base64/);
    const empty = await call(
      "/v2/crdt/apply",
      { ...ref, update: b64(Y.encodeStateAsUpdate(new Y.Doc())) },
      { headers: key },
    );
    expect(empty.body.error.message).toBe("The update holds no content: there is nothing to store for this editor.");
    const missingId = await applyRaw({ organizationId: "o", documentId: "d" }, new Uint8Array([0, 0]));
    expect(missingId.body.error).toEqual({ status: "INVALID_ARGUMENT", message: "Editor ID is required." });
    const rawOnJsonEndpoint = await dispatch(
      new Request("http://localhost/v2/crdt/get", {
        method: "POST",
        body: "x",
        headers: { "content-type": "application/octet-stream", ...key },
      }),
    );
    expect(rawOnJsonEndpoint.status).toBe(400);

    process.env.WEFT_CRDT_MAX_STATE_BYTES = "2000";
    reloadEnvForTests();
    try {
      const big = new Y.Doc();
      big.getText("content").insert(0, "x".repeat(5000));
      const res = await applyRaw(ref, Y.encodeStateAsUpdate(big));
      expect(res.body.error.message).toMatch(/^CRDT data is too large: /);
      expect(await db().crdtDocument.count({ where: { apiKeyId: apiKey, editorId: ref.editorId } })).toBe(0);
    } finally {
      delete process.env.WEFT_CRDT_MAX_STATE_BYTES;
      reloadEnvForTests();
    }
  });

  it("deletes one editor's data or a whole document's: state, log and versions", async () => {
    const doc = { organizationId: "org-del", documentId: "doc-del" };
    for (const editorId of ["a", "b"]) {
      await ok("/v2/crdt/add", { ...doc, editorId, type: "text", data: editorId });
      await ok("/v2/crdt/versions/save", { ...doc, editorId, versionName: "v" });
    }
    const one = await ok("/v2/crdt/delete", { ...doc, editorId: "a" });
    expect(one).toEqual({ status: "success", message: "CRDT data deleted successfully.", data: { editorIds: ["a"] } });
    expect((await ok("/v2/crdt/get", doc)).data.map((e: { id: string }) => e.id)).toEqual(["b"]);
    expect((await ok("/v2/crdt/versions/get", { ...doc, editorId: "a" })).data).toEqual([]);
    // Deleted data can be added again.
    await ok("/v2/crdt/add", { ...doc, editorId: "a", type: "text", data: "again" });
    expect((await ok("/v2/crdt/delete", doc)).data.editorIds).toEqual(["a", "b"]);
    expect((await ok("/v2/crdt/get", doc)).data).toEqual([]);
    expect(await db().crdtVersion.count({ where: { apiKeyId: apiKey, documentId: doc.documentId } })).toBe(0);
    expect((await ok("/v2/crdt/delete", doc)).data.editorIds).toEqual([]);
  });
});
