import { beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { waitFor } from "../helpers/wait";
import {
  connect,
  databaseEnv,
  docName,
  editorRefs,
  getEditor,
  newTenant,
  post,
  startServer,
  synced,
  type LiveServer,
  type Tenant,
} from "./live-support";

// Version history, raw updates and deletion reaching open documents, through the stock @hocuspocus/provider:
// a restore arrives at every connected client as ordinary edits (no reload), so they converge and keep their
// cursors where their text still exists; a raw update applied over REST arrives the same way; deleting the
// editor's data closes its open documents.

let server: LiveServer;
let t: Tenant;
const ref = editorRefs();

beforeAll(async () => {
  server = await startServer(await databaseEnv("weft_live_history"));
  t = await newTenant(server.base);
}, 120_000);

const rest = async (path: string, data: object) => {
  const res = await post(server.base, path, data, t.headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};

function paragraphs(doc: Y.Doc) {
  return (doc.getXmlFragment("default").toArray() as Y.XmlElement[]).map((p) => p.toArray().join(""));
}

describe("versions and live documents", () => {
  it("restores a version while two clients are connected: both converge on it without reload, cursors kept", async () => {
    const r = ref();
    const xml = (a: string, b: string) => `<paragraph>${a}</paragraph><paragraph>${b}</paragraph>`;
    await rest("/v2/crdt/add", { ...r, type: "xml", contentKey: "default", data: xml("Title", "First draft") });
    const name = docName(t.apiKey, r.organizationId, r.documentId, r.editorId);
    const a = connect(server.wsUrl, name, t.serviceToken);
    const b = connect(server.wsUrl, name, t.serviceToken);
    await Promise.all([synced(a), synced(b)]);
    const v1 = (await rest("/v2/crdt/versions/save", { ...r, versionName: "first", userId: "ada" })).data;

    // The clients edit live; one of them keeps a cursor in the title, which the restore does not touch.
    const bodyOf = (c: typeof a) => (c.doc.getXmlFragment("default").get(1) as Y.XmlElement).get(0) as Y.XmlText;
    bodyOf(a).delete(0, "First draft".length);
    bodyOf(a).insert(0, "Rewritten live");
    await a.acked();
    await waitFor(() => paragraphs(b.doc)[1] === "Rewritten live");
    const title = (b.doc.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const cursor = Y.createRelativePositionFromTypeIndex(title, 2);
    const v2 = (await rest("/v2/crdt/versions/save", { ...r, versionName: "live" })).data;

    await rest("/v2/crdt/versions/restore", { ...r, versionId: v1.versionId });
    await waitFor(() => paragraphs(a.doc)[1] === "First draft" && paragraphs(b.doc)[1] === "First draft");
    expect(paragraphs(a.doc)).toEqual(["Title", "First draft"]);
    expect(Y.createAbsolutePositionFromRelativePosition(cursor, b.doc)).toMatchObject({ type: title, index: 2 });
    // Both clients keep editing the same document: a restore is an ordinary change.
    bodyOf(b).insert(0, "> ");
    await b.acked();
    await waitFor(() => paragraphs(a.doc)[1] === "> First draft");

    // Undo the restore by restoring the version saved before it; the clients follow again.
    await rest("/v2/crdt/versions/restore", { ...r, versionId: v2.versionId });
    await waitFor(() => paragraphs(a.doc)[1] === "Rewritten live" && paragraphs(b.doc)[1] === "Rewritten live");
    expect((await getEditor(server.base, t, r)).data).toBe(xml("Title", "Rewritten live"));
    const versions = (await rest("/v2/crdt/versions/get", r)).data;
    expect(versions.map((v: { versionName: string; savedBy: string }) => [v.versionName, v.savedBy])).toEqual([
      ["live", t.apiKey],
      ["first", "ada"],
    ]);
  });

  it("delivers a raw update applied over REST to connected clients", async () => {
    const r = ref();
    await rest("/v2/crdt/add", { ...r, type: "text", data: "base" });
    const a = connect(server.wsUrl, docName(t.apiKey, r.organizationId, r.documentId, r.editorId), t.serviceToken);
    await synced(a);
    const backend = new Y.Doc();
    Y.applyUpdate(backend, Buffer.from((await rest("/v2/crdt/state", r)).data.update, "base64"));
    const sv = Y.encodeStateVector(backend);
    backend.getText("content").insert(4, " from a backend");
    const update = Y.encodeStateAsUpdate(backend, sv);
    const res = await fetch(`${server.base}/v2/crdt/apply?${new URLSearchParams(r)}`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", ...t.headers },
      body: Buffer.from(update),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await waitFor(() => a.text() === "base from a backend");
  });

  it("closes open documents when their editor's data is deleted; a reconnect starts from nothing", async () => {
    const r = ref();
    await rest("/v2/crdt/add", { ...r, type: "text", data: "to be deleted" });
    const name = docName(t.apiKey, r.organizationId, r.documentId, r.editorId);
    const a = connect(server.wsUrl, name, t.serviceToken);
    await synced(a);
    expect((await rest("/v2/crdt/delete", r)).data.editorIds).toEqual([r.editorId]);
    await waitFor(() => a.closes.includes("crdt-data-deleted"));
    a.destroy();
    expect(await getEditor(server.base, t, r)).toBeUndefined();
    const fresh = connect(server.wsUrl, name, t.serviceToken);
    await synced(fresh);
    expect(fresh.text()).toBe("");
  });
});
