import { beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/wait";
import {
  adminUrl,
  connect,
  databaseEnv,
  docName,
  newTenant,
  post,
  startServer,
  synced,
  userToken,
  type Client,
  type LiveServer,
  type Tenant,
} from "./live-support";

// Presence and Live State Sync from a backend, seen through the stock @hocuspocus/provider: a user put into a
// document's presence over REST appears in a connected client's awareness (and leaves it), a broadcast
// arrives as a stateless message, a client that connects later gets the stored value, and Get Presence sees
// REST and live users. With DATABASE_URL, the same across two instances.

let server: LiveServer;
let t: Tenant;
let seq = 0;

beforeAll(async () => {
  server = await startServer(await databaseEnv("weft_live_presence"));
  t = await newTenant(server.base);
}, 120_000);

/** A fresh document of organization "org", and a connected user on its editor "ed". */
async function client(documentId = `pdoc-${++seq}`, userId = "viewer-user", base = server) {
  await post(
    base.base,
    "/v2/organizations/add",
    { organizations: [{ organizationId: "org", organizationName: "Org" }] },
    t.headers,
  );
  const token = await userToken(base.base, t, userId, [{ type: "organization", id: "org" }]);
  const c = connect(base.wsUrl, docName(t.apiKey, "org", documentId, "ed"), token);
  const messages: unknown[] = [];
  c.provider.on("stateless", ({ payload }: { payload: string }) => messages.push(JSON.parse(payload)));
  await synced(c);
  return { c, documentId, messages };
}

/** The REST-present users in a client's awareness, by userId. */
function present(c: Client) {
  const out: Record<string, unknown> = {};
  for (const [id, state] of c.provider.awareness!.getStates()) {
    if (id === c.provider.awareness!.clientID) continue;
    const user = (state as { user?: { userId?: string } }).user;
    if (user?.userId) out[user.userId] = state;
  }
  return out;
}

const presence = (path: string, data: Record<string, unknown>, base = server) => post(base.base, path, data, t.headers);

describe("REST presence in live awareness", () => {
  it("add, update and delete reach a connected client's awareness", async () => {
    const { c, documentId } = await client();
    const added = await presence("/v2/presence/add", {
      organizationId: "org",
      documentId,
      users: [{ userId: "user-1", name: "User Name", email: "user@example.com", status: "online" }],
    });
    expect(added.body).toEqual({
      result: { status: "success", message: "Presence added successfully.", data: { success: true } },
    });
    await waitFor(() => "user-1" in present(c));
    expect(present(c)["user-1"]).toEqual({
      user: { userId: "user-1", name: "User Name", email: "user@example.com" },
      status: "online",
    });

    const updated = await presence("/v2/presence/update", {
      organizationId: "org",
      documentId,
      users: [{ userId: "user-1", status: "away" }],
    });
    expect(updated.body.result.message).toBe("Presence updated successfully.");
    await waitFor(() => (present(c)["user-1"] as { status?: string } | undefined)?.status === "away");

    const deleted = await presence("/v2/presence/delete", { organizationId: "org", documentId, userIds: ["user-1"] });
    expect(deleted.body.result).toEqual({
      status: "success",
      message: "Presence deleted successfully.",
      data: { success: true },
    });
    await waitFor(() => !("user-1" in present(c)));
    c.destroy();
  });

  it("a client that connects later sees who is present; Get Presence answers REST and live users", async () => {
    const documentId = `pdoc-${++seq}`;
    await presence("/v2/presence/add", {
      organizationId: "org",
      documentId,
      users: [
        { userId: "user-1", name: "User Name", email: "user@example.com" },
        { userId: "user-2", name: "Another User", email: "another@example.com", status: "away" },
      ],
    });
    const { c } = await client(documentId, "live-user");
    // The editor's first client gets them with the document, before it is synced.
    expect(Object.keys(present(c)).sort()).toEqual(["user-1", "user-2"]);
    // The live user's row is written once its connection is set up (its sync does not wait for it).
    const inDocument = async () =>
      (await presence("/v2/presence/get", { organizationId: "org", documentId })).body.result.data as {
        userId: string;
      }[];
    let got: { userId: string }[] = [];
    await waitFor(async () => (got = await inDocument()).some((u) => u.userId === "live-user"));
    expect(got).toEqual([
      { userId: "live-user", rest: false, liveConnections: 1 },
      { userId: "user-1", name: "User Name", email: "user@example.com", rest: true, liveConnections: 0 },
      {
        userId: "user-2",
        name: "Another User",
        email: "another@example.com",
        status: "away",
        rest: true,
        liveConnections: 0,
      },
    ]);
    c.destroy();
    await waitFor(async () => !(await inDocument()).some((u) => u.userId === "live-user"));
  });
});

describe("Live State Sync", () => {
  it("a broadcast arrives as a stateless message; merge merges; a late client gets the stored value", async () => {
    const { c, documentId, messages } = await client();
    const body = {
      organizationId: "org",
      documentId,
      liveStateDataId: "sample_live_state_data_id",
      data: { status: "active", message: "Hello World" },
    };
    const sent = await presence("/v2/livestate/broadcast", body);
    expect(sent.body).toEqual({
      result: { status: "success", message: "Event broadcasted successfully.", data: { success: true } },
    });
    await waitFor(() => messages.length >= 1);
    const first = { type: "liveState", liveStateDataId: "sample_live_state_data_id", data: body.data };
    expect(messages[0]).toEqual(first);

    await presence("/v1/livestate/broadcast", { ...body, data: { customField: "custom value" }, merge: true });
    await waitFor(() => messages.length >= 2);
    const merged = { status: "active", message: "Hello World", customField: "custom value" };
    const second = { type: "liveState", liveStateDataId: "sample_live_state_data_id", data: merged };
    expect(messages[1]).toEqual(second);

    const late = await client(documentId, "late-user");
    await waitFor(() => late.messages.length >= 1);
    expect(late.messages).toEqual([second]);
    // Each stored version reached the first client once, though its connect and the broadcasts raced.
    expect(messages).toEqual([first, second]);
    const stored = await presence("/v2/livestate/get", { organizationId: "org", documentId });
    expect(stored.body.result.data).toEqual([
      { liveStateDataId: "sample_live_state_data_id", data: merged, lastUpdated: expect.any(Number) },
    ]);
    c.destroy();
    late.c.destroy();
  });
});

describe.runIf(adminUrl)("across two instances", () => {
  let a: LiveServer;
  let b: LiveServer;
  let tenantA: Tenant;
  beforeAll(async () => {
    const env = await databaseEnv("weft_live_presence_two");
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    tenantA = await newTenant(a.base);
  }, 180_000);

  it("presence and state sent through one instance reach a client of the other; its stop takes its users out", async () => {
    const saved = t;
    t = tenantA;
    try {
      const { c, documentId, messages } = await client(`two-${++seq}`, "viewer-user", b);
      await presence("/v2/presence/add", { organizationId: "org", documentId, users: [{ userId: "agent" }] }, a);
      await waitFor(() => "agent" in present(c));
      await presence(
        "/v2/livestate/broadcast",
        { organizationId: "org", documentId, liveStateDataId: "k", data: { n: 1 } },
        a,
      );
      await waitFor(() => messages.length >= 1);
      expect(messages).toEqual([{ type: "liveState", liveStateDataId: "k", data: { n: 1 } }]);

      // Get Presence on one instance sees the live users of the other, until that one stops.
      const users = async () =>
        (await presence("/v2/presence/get", { organizationId: "org", documentId }, a)).body.result.data.map(
          (u: { userId: string }) => u.userId,
        );
      let before: string[] = [];
      await waitFor(async () => (before = await users()).includes("viewer-user"));
      expect(before).toEqual(["agent", "viewer-user"]);
      const exited = new Promise((resolve) => b.child.once("exit", resolve));
      b.child.kill("SIGTERM");
      await exited;
      expect(await users()).toEqual(["agent"]);
      c.destroy();
    } finally {
      t = saved;
    }
  });
});
