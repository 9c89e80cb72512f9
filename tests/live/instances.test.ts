import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, suiteAdminUrl } from "../helpers/database";
import { waitFor } from "../helpers/wait";
import {
  connect,
  docName,
  editorRefs,
  newTenant,
  post,
  startServer,
  synced,
  type LiveServer,
  type Tenant,
} from "./live-support";

// Two weft processes on one PostgreSQL (the suite's: the embedded engine, or DATABASE_URL's): live documents are
// relayed over LISTEN/NOTIFY (the notify bus).

let one: LiveServer;
let two: LiveServer;
let t: Tenant;
const ref = editorRefs();
const nameOf = (r: ReturnType<typeof ref>) => docName(t.apiKey, r.organizationId, r.documentId, r.editorId);

describe("live across two instances on one PostgreSQL", () => {
  beforeAll(async () => {
    const env = {
      DATABASE_URL: await createPostgresDatabase(suiteAdminUrl(), "weft_live_two"),
      WEFT_SECRET_KEY: randomBytes(32).toString("hex"),
    };
    [one, two] = await Promise.all([startServer(env), startServer(env)]);
    t = await newTenant(one.base);
  }, 180_000);

  it("clients of one document on different instances converge within 1 s", async () => {
    const r = ref();
    await post(one.base, "/v2/crdt/add", { ...r, data: "", type: "text" }, t.headers);
    const a = connect(one.wsUrl, nameOf(r), t.serviceToken);
    const b = connect(two.wsUrl, nameOf(r), t.serviceToken);
    await Promise.all([synced(a), synced(b)]);
    for (let i = 0; i < 5; i++) {
      const [from, to] = i % 2 ? [b, a] : [a, b];
      from.doc.getText("content").insert(0, String(i));
      const sent = Date.now();
      await waitFor(() => to.text() === from.text(), 1_000, 2);
      expect(Date.now() - sent).toBeLessThan(1_000);
    }
    // Concurrent edits on both sides.
    a.doc.getText("content").insert(0, "A");
    b.doc.getText("content").insert(0, "B");
    await waitFor(() => a.text() === b.text() && a.text().length === 7, 1_000, 2);
  });

  it("a REST update on one instance reaches a client on the other; awareness crosses instances", async () => {
    const r = ref();
    await post(one.base, "/v2/crdt/add", { ...r, data: "from rest", type: "text" }, t.headers);
    const a = connect(one.wsUrl, nameOf(r), t.serviceToken);
    const b = connect(two.wsUrl, nameOf(r), t.serviceToken);
    await Promise.all([synced(a), synced(b)]);
    await post(two.base, "/v2/crdt/update", { ...r, data: "from rest, on two", type: "text" }, t.headers);
    await waitFor(() => a.text() === "from rest, on two", 1_000, 2);
    a.provider.setAwarenessField("user", { name: "Ada" });
    await waitFor(() => [...b.provider.awareness!.getStates().values()].some((s) => s.user?.name === "Ada"), 2_000, 5);
  });

  it("sends updates over NOTIFY's limit by reference; a large REST write makes peers re-read the state", async () => {
    const r = ref();
    await post(one.base, "/v2/crdt/add", { ...r, data: "", type: "text" }, t.headers);
    const a = connect(one.wsUrl, nameOf(r), t.serviceToken);
    const b = connect(two.wsUrl, nameOf(r), t.serviceToken);
    await Promise.all([synced(a), synced(b)]);
    const big = "x".repeat(20_000);
    a.doc.getText("content").insert(0, big);
    await waitFor(() => b.text() === big, 2_000, 5);
    const bigger = "y".repeat(30_000);
    await post(one.base, "/v2/crdt/update", { ...r, data: bigger, type: "text" }, t.headers);
    await waitFor(() => b.text() === bigger && a.text() === bigger, 2_000, 5);
  });

  it("an instance that opens a document while a peer is editing it catches up", async () => {
    const r = ref();
    await post(one.base, "/v2/crdt/add", { ...r, data: "", type: "text" }, t.headers);
    const a = connect(one.wsUrl, nameOf(r), t.serviceToken);
    await synced(a);
    let typing = true;
    const typer = (async () => {
      while (typing) {
        a.doc.getText("content").insert(a.text().length, "k");
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    })();
    const b = connect(two.wsUrl, nameOf(r), t.serviceToken);
    await synced(b);
    await new Promise((resolve) => setTimeout(resolve, 200));
    typing = false;
    await typer;
    await waitFor(() => b.text() === a.text(), 2_000, 5);
    expect(b.text().length).toBeGreaterThan(10);
  });
});
