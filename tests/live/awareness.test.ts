import * as encoding from "lib0/encoding";
import { beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/wait";
import {
  connect,
  databaseEnv,
  docName,
  editorRefs,
  newTenant,
  startServer,
  synced,
  userToken,
  type Client,
  type LiveServer,
  type Tenant,
} from "./live-support";

// What one live client may say to the others: awareness entries only under its own client ids, and no
// stateless broadcast from a read-only connection. The stock provider sends the crafted frames on its own
// socket, as a modified client would.

let server: LiveServer;
let t: Tenant;
const ref = editorRefs();

beforeAll(async () => {
  server = await startServer(await databaseEnv("weft_live_awareness"));
  t = await newTenant(server.base);
}, 120_000);

const AWARENESS = 1;
const BROADCAST_STATELESS = 6;

function frame(name: string, type: number, write: (e: encoding.Encoder) => void): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, name);
  encoding.writeVarUint(e, type);
  write(e);
  return encoding.toUint8Array(e);
}

function awarenessFrame(name: string, entries: { clientId: number; clock: number; state: unknown }[]) {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, entries.length);
  for (const { clientId, clock, state } of entries) {
    encoding.writeVarUint(update, clientId);
    encoding.writeVarUint(update, clock);
    encoding.writeVarString(update, JSON.stringify(state));
  }
  return frame(name, AWARENESS, (e) => encoding.writeVarUint8Array(e, encoding.toUint8Array(update)));
}

const sendRaw = (c: Client, bytes: Uint8Array) => c.provider.configuration.websocketProvider.send(bytes);
const entryOf = (c: Client, clientId: number) => c.provider.awareness!.getStates().get(clientId);

function heardBy(c: Client): string[] {
  const heard: string[] = [];
  c.provider.on("stateless", ({ payload }: { payload: string }) => heard.push(payload));
  return heard;
}

function openDocument() {
  const r = ref();
  return docName(t.apiKey, r.organizationId, r.documentId, r.editorId);
}

describe("live awareness and stateless messages", () => {
  it("a read-only connection's stateless broadcast reaches no editor, and closes its document", async () => {
    const name = openDocument();
    const viewerToken = await userToken(server.base, t, "viewer", [
      { type: "organization", id: "org", accessRole: "viewer" },
    ]);
    const editor = connect(server.wsUrl, name, t.serviceToken);
    const other = connect(server.wsUrl, name, t.serviceToken);
    const viewer = connect(server.wsUrl, name, viewerToken);
    await Promise.all([synced(editor), synced(other), synced(viewer)]);
    expect(viewer.provider.authorizedScope).toBe("readonly");
    const heard = heardBy(editor);

    sendRaw(
      viewer,
      frame(name, BROADCAST_STATELESS, (e) => encoding.writeVarString(e, "from the viewer")),
    );
    await waitFor(() => viewer.closes.includes("read-only"));
    // An editor's broadcast still reaches every client.
    sendRaw(
      other,
      frame(name, BROADCAST_STATELESS, (e) => encoding.writeVarString(e, "from an editor")),
    );
    await waitFor(() => heard.includes("from an editor"));
    expect(heard).toEqual(["from an editor"]);
  });

  it("an awareness update changes only the sender's own entries", async () => {
    const name = openDocument();
    const alice = connect(server.wsUrl, name, t.serviceToken);
    const mallory = connect(server.wsUrl, name, t.serviceToken);
    const observer = connect(server.wsUrl, name, t.serviceToken);
    await Promise.all([synced(alice), synced(mallory), synced(observer)]);
    const aliceId = alice.doc.clientID;
    const malloryId = mallory.doc.clientID;
    alice.provider.setAwarenessField("user", "alice");
    await waitFor(() => entryOf(observer, aliceId)?.user === "alice");
    const aliceClock = observer.provider.awareness!.meta.get(aliceId)!.clock;

    // One frame sets Alice's entry and Mallory's own: only Mallory's own arrives.
    sendRaw(
      mallory,
      awarenessFrame(name, [
        { clientId: aliceId, clock: aliceClock + 10, state: { user: "mallory as alice" } },
        { clientId: malloryId, clock: 100, state: { user: "mallory" } },
      ]),
    );
    await waitFor(() => entryOf(observer, malloryId)?.user === "mallory");
    expect(entryOf(observer, aliceId)).toEqual({ user: "alice" });

    // Nor can it remove Alice's entry.
    sendRaw(
      mallory,
      awarenessFrame(name, [
        { clientId: aliceId, clock: aliceClock + 20, state: null },
        { clientId: malloryId, clock: 101, state: { user: "mallory again" } },
      ]),
    );
    await waitFor(() => entryOf(observer, malloryId)?.user === "mallory again");
    expect(entryOf(observer, aliceId)).toEqual({ user: "alice" });

    // Alice's own updates still count, and her entry leaves with her.
    alice.provider.setAwarenessField("user", "alice, later");
    await waitFor(() => entryOf(observer, aliceId)?.user === "alice, later");
    alice.destroy();
    await waitFor(() => entryOf(observer, aliceId) === undefined);
  });
});
