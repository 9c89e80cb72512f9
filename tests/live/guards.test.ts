import * as encoding from "lib0/encoding";
import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
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

// The limits weft adds around Hocuspocus, with small values so that each is reached quickly. Every test
// waits for the positive signal (the close code, the refusal) and then checks that the server still serves.

let server: LiveServer;
let t: Tenant;
const ref = editorRefs();

beforeAll(async () => {
  server = await startServer({
    ...(await databaseEnv("weft_live_guards")),
    WEFT_LIVE_AUTH_TIMEOUT_MS: "5000", // long enough for a real auth on a loaded CI machine
    WEFT_LIVE_PREAUTH_BYTES: "4096",
    WEFT_LIVE_MAX_DOCUMENTS_PER_CONNECTION: "3",
    WEFT_LIVE_PING_TIMEOUT_MS: "1500",
    WEFT_LIVE_MAX_MESSAGE_BYTES: "65536",
    WEFT_LIVE_MAX_CONNECTIONS_PER_KEY: "2",
    WEFT_CRDT_MAX_STATE_BYTES: "8192",
  });
  t = await newTenant(server.base);
}, 120_000);

function frame(name: string, write: (e: encoding.Encoder) => void): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, name);
  write(e);
  return encoding.toUint8Array(e);
}
const authFrame = (name: string, token: string) =>
  frame(name, (e) => {
    encoding.writeVarUint(e, 2); // Auth
    encoding.writeVarUint(e, 0); // Token
    encoding.writeVarString(e, token);
  });
const updateFrame = (name: string, update: Uint8Array) =>
  frame(name, (e) => {
    encoding.writeVarUint(e, 0); // Sync
    encoding.writeVarUint(e, 2); // Update
    encoding.writeVarUint8Array(e, update);
  });

async function open(
  options?: WebSocket.ClientOptions,
): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const ws = new WebSocket(server.wsUrl, options);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  ws.on("error", () => {});
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  return { ws, closed };
}

async function stillServes() {
  const r = ref();
  expect((await post(server.base, "/v2/crdt/add", { ...r, data: "alive", type: "text" }, t.headers)).status).toBe(200);
  expect((await getEditor(server.base, t, r)).data).toBe("alive");
}

describe("live guards", () => {
  it("answers upgrades on any other path with 404 and closes them", async () => {
    for (const p of ["/nonexistent", "/live/extra", "/v2/crdt/get"]) {
      const ws = new WebSocket(server.base.replace("http", "ws") + p);
      const status = await new Promise<number>((resolve) => {
        ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        ws.on("error", () => resolve(-1));
      });
      expect(status).toBe(404);
    }
  });

  it("closes a socket that authenticates no document within the deadline", async () => {
    const { closed } = await open();
    expect(await closed).toMatchObject({ code: 1008, reason: "no document authenticated in time" });
  });

  it("closes a socket that queues more than the pre-auth byte budget", async () => {
    const { ws, closed } = await open();
    const name = docName(t.apiKey, "org", "unauth", "ed");
    for (let i = 0; i < 5; i++) ws.send(updateFrame(name, new Uint8Array(1000).fill(1)));
    expect(await closed).toMatchObject({ code: 1008, reason: "too many bytes before authentication" });
    await stillServes();
  });

  it("closes a socket that opens more documents than allowed", async () => {
    const { ws, closed } = await open();
    for (let i = 0; i < 4; i++) ws.send(authFrame(docName(t.apiKey, "org", `many-${i}`, "ed"), t.serviceToken));
    expect(await closed).toMatchObject({ code: 1008, reason: "too many documents on one connection" });
  });

  it("closes the whole socket on a frame that cannot be decoded, and on a garbage update after auth", async () => {
    const first = await open();
    first.ws.send(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]));
    expect((await first.closed).code).toBe(1007);

    const r = ref();
    await post(server.base, "/v2/crdt/add", { ...r, data: "intact", type: "text" }, t.headers);
    const name = docName(t.apiKey, r.organizationId, r.documentId, r.editorId);
    const good = connect(server.wsUrl, name, t.serviceToken);
    await synced(good);
    const bad = await open();
    bad.ws.send(authFrame(name, t.serviceToken));
    bad.ws.send(updateFrame(name, new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9])));
    expect(await bad.closed).toMatchObject({ code: 1007, reason: "malformed Yjs update" });
    good.doc.getText("content").insert(6, "!");
    await good.acked();
    expect((await getEditor(server.base, t, r)).data).toBe("intact!");
    good.destroy();
  });

  it("terminates a socket that stops answering pings", async () => {
    const r = ref();
    await post(server.base, "/v2/crdt/add", { ...r, data: "x", type: "text" }, t.headers);
    const { ws, closed } = await open({ autoPong: false });
    ws.send(authFrame(docName(t.apiKey, r.organizationId, r.documentId, r.editorId), t.serviceToken));
    const started = Date.now();
    expect((await closed).code).toBe(1006); // terminated: no close frame
    expect(Date.now() - started).toBeGreaterThan(1_000);
  });

  it("closes a socket that sends a message over WEFT_LIVE_MAX_MESSAGE_BYTES with 1009, and keeps serving", async () => {
    const { ws, closed } = await open();
    ws.send(new Uint8Array(100_000));
    expect((await closed).code).toBe(1009);
    await stillServes();
  });

  it("refuses a connection over the per-key limit", async () => {
    const k = await newTenant(server.base);
    const r = ref();
    await post(server.base, "/v2/crdt/add", { ...r, data: "x", type: "text" }, k.headers);
    const name = docName(k.apiKey, r.organizationId, r.documentId, r.editorId);
    const a = connect(server.wsUrl, name, k.serviceToken);
    const b = connect(server.wsUrl, name, k.serviceToken);
    await Promise.all([synced(a), synced(b)]);
    const c = connect(server.wsUrl, name, k.serviceToken);
    await waitFor(() => c.failures.length > 0);
    expect(c.failures[0]).toBe("too-many-connections");
    c.destroy();
    a.destroy();
    // A freed slot can be used again (once the server has seen the socket close).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const d = connect(server.wsUrl, name, k.serviceToken);
    await synced(d);
    b.destroy();
    d.destroy();
  });

  it("frees a key's connection slot when a socket closes while its authentication is in flight", async () => {
    const k = await newTenant(server.base);
    const r = ref();
    await post(server.base, "/v2/crdt/add", { ...r, data: "x", type: "text" }, k.headers);
    const name = docName(k.apiKey, r.organizationId, r.documentId, r.editorId);
    for (let i = 0; i < 3; i++) {
      const { ws, closed } = await open();
      ws.send(authFrame(name, k.serviceToken));
      ws.terminate();
      await closed;
    }
    await new Promise((resolve) => setTimeout(resolve, 500)); // the three authentications finish
    const a = connect(server.wsUrl, name, k.serviceToken);
    const b = connect(server.wsUrl, name, k.serviceToken);
    await Promise.all([synced(a), synced(b)]);
    a.destroy();
    b.destroy();
  });

  it("refuses an update that would push the state over WEFT_CRDT_MAX_STATE_BYTES and tells the client", async () => {
    const r = ref();
    await post(server.base, "/v2/crdt/add", { ...r, data: "small", type: "text" }, t.headers);
    const c = connect(server.wsUrl, docName(t.apiKey, r.organizationId, r.documentId, r.editorId), t.serviceToken);
    await synced(c);
    c.doc.getText("content").insert(5, "x".repeat(10_000));
    await waitFor(() => c.closes.includes("state-too-large"));
    expect((await getEditor(server.base, t, r)).data).toBe("small");
  });

  it("writes only JSON lines: a document name with a newline forges no log line", async () => {
    const k = await newTenant(server.base);
    const forged = `\n{"level":"error","msg":"forged by a document name"}\n`;
    const c = connect(server.wsUrl, [k.apiKey, "org", `log${forged}`, "ed"].join("/"), k.serviceToken);
    await waitFor(() => c.failures.length > 0);
    expect(c.failures[0]).toBe("non-canonical-document-name");
    c.destroy();
    // And a connection Hocuspocus closes on an exception, which it reports with the document's name.
    const bad = await open();
    const name = docName(k.apiKey, "org", "log", "ed");
    bad.ws.send(authFrame(name, k.serviceToken));
    bad.ws.send(updateFrame(name, new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9])));
    await bad.closed;
    await waitFor(() => server.log().includes("non-canonical-document-name") && server.log().includes("/log/ed"));
    const out = server.log();
    const lines = out.slice(0, out.lastIndexOf("\n")).split("\n");
    const entries = lines.filter((l) => !/^listening \d+$/.test(l)).map((l) => JSON.parse(l) as { msg: string });
    expect(entries.some((e) => e.msg.includes(`closing connection`) && e.msg.includes(name))).toBe(true);
    expect(entries.map((e) => e.msg)).not.toContain("forged by a document name");
  });
});
