import * as Y from "yjs";
import { beforeAll, describe, expect, it } from "vitest";
import { call, newWorkspace, useTestDatabase } from "../helpers/api";

// Version history over REST (weft extension): save, list newest first and paged, get as JSON and as Yjs,
// restore as a minimal change that can itself be undone by restoring the version saved before, delete.

useTestDatabase();

let key: Record<string, string>;
let apiKey: string;
beforeAll(async () => {
  ({ key, apiKey } = await newWorkspace());
});

let seq = 0;
const editor = () => ({ organizationId: "org-v", documentId: "doc-v", editorId: `editor-${++seq}` });

async function ok(path: string, data: object, headers = key) {
  const res = await call(path, data, { headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}
const get = async (ref: object) => (await ok("/v2/crdt/get", ref)).data[0];

describe("CRDT versions", () => {
  it("saves, lists newest first with name, time, who and size, and gets a version as JSON and as Yjs", async () => {
    const ref = editor();
    await ok("/v2/crdt/add", { ...ref, type: "xml", contentKey: "default", data: "<paragraph>one</paragraph>" });
    const first = await ok("/v2/crdt/versions/save", { ...ref, versionName: "Draft" });
    expect(first.message).toBe("Version saved successfully.");
    expect(first.data).toMatchObject({ versionName: "Draft", savedBy: apiKey, type: "xml", contentKey: "default" });
    expect(first.data.versionId).toMatch(/^ver_/);
    expect(first.data.size).toBeGreaterThan(0);
    await ok("/v2/crdt/update", { ...ref, type: "xml", data: "<paragraph>one <m:bold>two</m:bold></paragraph>" });
    const second = await ok("/v2/crdt/versions/save", { ...ref, versionName: "Final", userId: "ada" });
    expect(second.data.savedBy).toBe("ada");

    const list = await ok("/v2/crdt/versions/get", { ...ref });
    expect(list.data.map((v: { versionName: string }) => v.versionName)).toEqual(["Final", "Draft"]);
    expect(list.data[0].timestamp).toBeGreaterThanOrEqual(list.data[1].timestamp);
    expect(list.pageToken).toBeUndefined();

    const draft = await ok("/v2/crdt/versions/getbyid", { ...ref, versionId: first.data.versionId });
    expect(draft.data).toMatchObject({ versionName: "Draft", data: "<paragraph>one</paragraph>" });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Buffer.from(draft.data.update, "base64"));
    expect(doc.getXmlFragment("default").toString()).toBe("<paragraph>one</paragraph>");
  });

  it("pages through many versions newest first without repeats", async () => {
    const ref = editor();
    await ok("/v2/crdt/add", { ...ref, type: "text", data: "v0" });
    for (let i = 1; i <= 5; i++) await ok("/v2/crdt/versions/save", { ...ref, versionName: `v${i}` });
    const names: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await ok("/v2/crdt/versions/get", { ...ref, pageSize: 2, ...(pageToken && { pageToken }) });
      names.push(...page.data.map((v: { versionName: string }) => v.versionName));
      pageToken = page.pageToken;
    } while (pageToken);
    expect(names).toEqual(["v5", "v4", "v3", "v2", "v1"]);
  });

  it("restores a version as a minimal change, and undoes the restore by restoring the version saved before", async () => {
    const ref = editor();
    const para = (a: string, b: string) => `<paragraph>${a}</paragraph><paragraph>${b}</paragraph>`;
    await ok("/v2/crdt/add", { ...ref, type: "xml", contentKey: "default", data: para("Intro", "Body v1") });
    const v1 = (await ok("/v2/crdt/versions/save", { ...ref, versionName: "v1" })).data;
    await ok("/v2/crdt/update", { ...ref, type: "xml", data: para("Intro", "Body <m:italic>v2</m:italic>") });
    const v2 = (await ok("/v2/crdt/versions/save", { ...ref, versionName: "v2" })).data;

    // A client holding the current state keeps its cursor in the untouched first paragraph through the restore.
    const before = await get(ref);
    const client = new Y.Doc();
    Y.applyUpdate(client, Buffer.from(before.update, "base64"));
    const intro = (client.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const caret = Y.createRelativePositionFromTypeIndex(intro, 3);

    const restored = await ok("/v2/crdt/versions/restore", { ...ref, versionId: v1.versionId });
    expect(restored.message).toBe("Version restored successfully.");
    expect(restored.data).toMatchObject({ versionId: v1.versionId, versionName: "v1" });
    const after = await get(ref);
    expect(after.data).toBe(para("Intro", "Body v1"));
    const diff = Y.encodeStateAsUpdate(
      (() => {
        const d = new Y.Doc();
        Y.applyUpdate(d, Buffer.from(after.update, "base64"));
        return d;
      })(),
      Y.encodeStateVector(client),
    );
    Y.applyUpdate(client, diff);
    expect(Y.createAbsolutePositionFromRelativePosition(caret, client)).toMatchObject({ type: intro, index: 3 });

    // The restore is an ordinary change: restoring v2 brings the italic text back.
    await ok("/v2/crdt/versions/restore", { ...ref, versionId: v2.versionId });
    expect((await get(ref)).data).toBe(para("Intro", "Body <m:italic>v2</m:italic>"));
  });

  it("deletes a version; unknown versions, editors and other keys' versions are NOT_FOUND", async () => {
    const ref = editor();
    await ok("/v2/crdt/add", { ...ref, type: "map", data: { a: 1 } });
    const v = (await ok("/v2/crdt/versions/save", { ...ref, versionName: "keep?" })).data;
    const other = await newWorkspace();
    for (const path of ["/v2/crdt/versions/getbyid", "/v2/crdt/versions/restore", "/v2/crdt/versions/delete"]) {
      const res = await call(path, { ...ref, versionId: v.versionId }, { headers: other.key });
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toBe("Version does not exist.");
    }
    expect((await call("/v2/crdt/versions/save", { ...ref, versionName: "x" }, { headers: other.key })).status).toBe(
      404,
    );
    expect((await ok("/v2/crdt/versions/delete", { ...ref, versionId: v.versionId })).message).toBe(
      "Version deleted successfully.",
    );
    expect((await ok("/v2/crdt/versions/get", ref)).data).toEqual([]);
    const missing = await call("/v2/crdt/versions/getbyid", { ...ref, versionId: v.versionId }, { headers: key });
    expect(missing.body).toEqual({ error: { status: "NOT_FOUND", message: "Version does not exist." } });
    const none = await call("/v2/crdt/versions/save", { ...editor(), versionName: "x" }, { headers: key });
    expect(none.body.error).toEqual({ status: "NOT_FOUND", message: "No CRDT data found for this editor ID." });
  });
});
