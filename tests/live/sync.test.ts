import { HocuspocusProvider as ProviderV4 } from "hocuspocus-provider-v4";
import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
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
  sharedSocket,
  startServer,
  synced,
  type LiveServer,
  type Tenant,
} from "./live-support";

// One weft process, stock providers: convergence, REST ↔ live in both directions, first-change row creation,
// awareness, multiplexing several documents on one socket.

let server: LiveServer;
let t: Tenant;
const ref = editorRefs();

beforeAll(async () => {
  server = await startServer(await databaseEnv("weft_live_sync"));
  t = await newTenant(server.base);
}, 120_000);

describe("live sync", () => {
  it("two clients of one document converge", async () => {
    const r = ref();
    await post(server.base, "/v2/crdt/add", { ...r, data: "hello", type: "text" }, t.headers);
    const name = docName(t.apiKey, r.organizationId, r.documentId, r.editorId);
    const a = connect(server.wsUrl, name, t.serviceToken);
    const b = connect(server.wsUrl, name, t.serviceToken);
    await Promise.all([synced(a), synced(b)]);
    expect(a.text()).toBe("hello");
    a.doc.getText("content").insert(5, " world");
    b.doc.getText("content").insert(0, ">");
    await waitFor(() => a.text() === b.text() && a.text().length === 12);
    expect(a.text()).toBe(">hello world");
    expect(a.provider.authorizedScope).toBe("read-write");
  });

  it("shows a live edit in /v2/crdt/get right after its ack; a REST replace leaves exactly the replacement", async () => {
    const r = ref();
    await post(server.base, "/v2/crdt/add", { ...r, data: "start", type: "text" }, t.headers);
    const a = connect(server.wsUrl, docName(t.apiKey, r.organizationId, r.documentId, r.editorId), t.serviceToken);
    await synced(a);
    for (const ch of ["a", "b", "c"]) {
      a.doc.getText("content").insert(a.text().length, ch);
      await a.acked();
      expect((await getEditor(server.base, t, r)).data).toBe(a.text());
    }
    expect(a.text()).toBe("startabc");
    const res = await post(server.base, "/v2/crdt/update", { ...r, data: "REST says hi", type: "text" }, t.headers);
    expect(res.body.result.message).toBe("CRDT data updated successfully.");
    expect((await getEditor(server.base, t, r)).data).toBe("REST says hi");
    await waitFor(() => a.text() === "REST says hi", 5_000, 5);
  });

  it("a REST update reaches a connected client as a minimal diff within 100 ms", async () => {
    const r = ref();
    await post(server.base, "/v2/crdt/add", { ...r, data: "The quick fox", type: "text" }, t.headers);
    const a = connect(server.wsUrl, docName(t.apiKey, r.organizationId, r.documentId, r.editorId), t.serviceToken);
    await synced(a);
    // A relative position after "quick" must survive: only " brown" is inserted, nothing re-written.
    const cursor = Y.createRelativePositionFromTypeIndex(a.doc.getText("content"), 9);
    let seenAt = 0;
    a.doc.on("update", () => (seenAt ||= Date.now()));
    const sentAt = Date.now();
    await post(server.base, "/v2/crdt/update", { ...r, data: "The quick brown fox", type: "text" }, t.headers);
    const answeredAt = Date.now();
    await waitFor(() => a.text() === "The quick brown fox", 2_000, 1);
    expect(seenAt - answeredAt).toBeLessThan(100);
    expect(seenAt).toBeGreaterThanOrEqual(sentAt);
    expect(Y.createAbsolutePositionFromRelativePosition(cursor, a.doc)!.index).toBe(9);
  });

  it("creates the row on a first live change, typed after the first non-empty root", async () => {
    const r = ref();
    const a = connect(server.wsUrl, docName(t.apiKey, r.organizationId, r.documentId, r.editorId), t.serviceToken);
    await synced(a);
    expect(await getEditor(server.base, t, r)).toBeUndefined();
    const fragment = a.doc.getXmlFragment("default");
    const p = new Y.XmlElement("paragraph");
    p.insert(0, [new Y.XmlText("typed live")]);
    fragment.insert(0, [p]);
    await a.acked();
    const row = await getEditor(server.base, t, r);
    expect(row).toMatchObject({ type: "xml", contentKey: "default", data: "<paragraph>typed live</paragraph>" });

    const m = ref();
    const b = connect(server.wsUrl, docName(t.apiKey, m.organizationId, m.documentId, m.editorId), t.serviceToken);
    await synced(b);
    b.doc.getMap("settings").set("theme", "dark");
    await b.acked();
    expect(await getEditor(server.base, t, m)).toMatchObject({
      type: "map",
      contentKey: "settings",
      data: { theme: "dark" },
    });
  });

  it("serves the stock provider 4.x as it serves 3.x: both sync, edit, are acknowledged and converge", async () => {
    const r = ref();
    await post(server.base, "/v2/crdt/add", { ...r, data: "v3 and v4", type: "text" }, t.headers);
    const name = docName(t.apiKey, r.organizationId, r.documentId, r.editorId);
    const v3 = connect(server.wsUrl, name, t.serviceToken);
    const doc = new Y.Doc();
    const v4 = new ProviderV4({
      url: server.wsUrl,
      WebSocketPolyfill: WebSocket,
      name,
      token: t.serviceToken,
      document: doc,
    } as ConstructorParameters<typeof ProviderV4>[0]);
    try {
      await Promise.all([synced(v3), waitFor(() => v4.isSynced)]);
      expect(doc.getText("content").toString()).toBe("v3 and v4");
      doc.getText("content").insert(0, "4: ");
      await waitFor(() => v4.unsyncedChanges === 0);
      v3.doc.getText("content").insert(v3.text().length, " :3");
      await waitFor(() => doc.getText("content").toString() === "4: v3 and v4 :3" && v3.text() === "4: v3 and v4 :3");
      expect(v4.authorizedScope).toBe("read-write");
      expect((await getEditor(server.base, t, r)).data).toBe("4: v3 and v4 :3");
    } finally {
      v4.destroy();
    }
  });

  it("relays awareness to the other clients of the document", async () => {
    const r = ref();
    const name = docName(t.apiKey, r.organizationId, r.documentId, r.editorId);
    const a = connect(server.wsUrl, name, t.serviceToken);
    const b = connect(server.wsUrl, name, t.serviceToken);
    await Promise.all([synced(a), synced(b)]);
    a.provider.setAwarenessField("user", { name: "Ada", cursor: 3 });
    await waitFor(() => [...b.provider.awareness!.getStates().values()].some((s) => s.user?.name === "Ada"));
  });

  it("serves several documents on one socket", async () => {
    const socket = sharedSocket(server.wsUrl);
    const r1 = ref();
    const r2 = ref();
    await post(server.base, "/v2/crdt/add", { ...r1, data: "one", type: "text" }, t.headers);
    await post(server.base, "/v2/crdt/add", { ...r2, data: "two", type: "text" }, t.headers);
    const a = connect(server.wsUrl, docName(t.apiKey, r1.organizationId, r1.documentId, r1.editorId), t.serviceToken, {
      websocket: socket,
    });
    const b = connect(server.wsUrl, docName(t.apiKey, r2.organizationId, r2.documentId, r2.editorId), t.serviceToken, {
      websocket: socket,
    });
    await Promise.all([synced(a), synced(b)]);
    expect([a.text(), b.text()]).toEqual(["one", "two"]);
    a.destroy();
    b.destroy();
    socket.destroy();
  });
});
