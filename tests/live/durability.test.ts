import { describe, expect, it } from "vitest";
import { connect, databaseEnv, docName, getEditor, newTenant, post, startServer, synced } from "./live-support";

// An edit acknowledged to a client is in the database: kill -9 of the server one second after the ack loses
// nothing, and the restarted server serves it over REST and to a new live client.

describe("live durability", () => {
  it("kill -9 one second after acknowledged edits loses nothing", { timeout: 240_000 }, async () => {
    // A long store debounce: nothing is compacted before the kill, so the edits survive in the log alone.
    const env = { ...(await databaseEnv("weft_live_kill")), WEFT_LIVE_STORE_DEBOUNCE_MS: "60000" };
    const first = await startServer(env);
    const t = await newTenant(first.base);
    const r = { organizationId: "org", documentId: "doc", editorId: "ed" };
    await post(first.base, "/v2/crdt/add", { ...r, data: "base", type: "text" }, t.headers);
    const name = docName(t.apiKey, r.organizationId, r.documentId, r.editorId);
    const a = connect(first.wsUrl, name, t.serviceToken);
    await synced(a);
    for (const ch of "12345") {
      a.doc.getText("content").insert(a.text().length, ch);
      await a.acked();
    }
    // A first change to an editor with no row yet is durable too.
    const fresh = connect(first.wsUrl, docName(t.apiKey, "org", "doc", "fresh"), t.serviceToken);
    await synced(fresh);
    fresh.doc.getText("body").insert(0, "new editor");
    await fresh.acked();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    a.destroy();
    fresh.destroy();

    const second = await startServer(env);
    expect((await getEditor(second.base, t, r)).data).toBe("base12345");
    expect(await getEditor(second.base, t, { ...r, editorId: "fresh" })).toMatchObject({
      type: "text",
      contentKey: "body",
      data: "new editor",
    });
    const b = connect(second.wsUrl, name, t.serviceToken);
    await synced(b);
    expect(b.text()).toBe("base12345");
    second.child.kill("SIGKILL");
  });

  it(
    "compaction merges the log into the stored state; REST keeps seeing every edit",
    { timeout: 120_000 },
    async () => {
      const server = await startServer({
        ...(await databaseEnv("weft_live_compact")),
        WEFT_LIVE_STORE_DEBOUNCE_MS: "100",
      });
      const t = await newTenant(server.base);
      const r = { organizationId: "org", documentId: "doc", editorId: "ed" };
      await post(server.base, "/v2/crdt/add", { ...r, data: { a: 1 }, type: "map" }, t.headers);
      const a = connect(server.wsUrl, docName(t.apiKey, r.organizationId, r.documentId, r.editorId), t.serviceToken);
      await synced(a);
      for (let i = 0; i < 5; i++) {
        a.doc.getMap("content").set(`k${i}`, i);
        await a.acked();
        // A REST write between live edits merges with them instead of overwriting them.
        if (i === 2)
          await post(
            server.base,
            "/v2/crdt/update",
            { ...r, data: { ...a.doc.getMap("content").toJSON(), rest: true }, type: "map" },
            t.headers,
          );
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      await a.acked();
      const expected = { a: 1, k0: 0, k1: 1, k2: 2, rest: true, k3: 3, k4: 4 };
      expect((await getEditor(server.base, t, r)).data).toEqual(expected);
      a.destroy();
      // After the last client leaves, the store runs and the document is unloaded; a new client loads the row.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const b = connect(server.wsUrl, docName(t.apiKey, r.organizationId, r.documentId, r.editorId), t.serviceToken);
      await synced(b);
      expect(b.doc.getMap("content").toJSON()).toEqual(expected);
      server.child.kill("SIGKILL");
    },
  );
});
