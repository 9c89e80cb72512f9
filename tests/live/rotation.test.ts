import { beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/wait";
import {
  connect,
  databaseEnv,
  docName,
  newTenant,
  post,
  startServer,
  synced,
  userToken,
  type LiveServer,
  type Tenant,
} from "./live-support";

// M2: user tokens (Generate Token JWTs, valid 48 h) minted before Reset Auth Token or Rotate Workspace Auth
// Tokens stop working: a squatter, or anyone who held a key token, keeps no live write access. Open connections
// close at the next re-check, new ones are refused; tokens minted afterwards work. Through the stock provider.

let server: LiveServer;

beforeAll(async () => {
  server = await startServer({
    ...(await databaseEnv("weft_live_rotation")),
    WEFT_LIVE_RECHECK_MS: "500",
    WEFT_AUTH_CACHE_MS: "0",
  });
}, 120_000);

const wsHeaders = (t: Tenant) => ({
  "x-service-workspace-id": t.workspace.id,
  "x-service-workspace-auth-token": t.workspace.authToken,
});

/** A tenant, a document and a user token with an editor grant on it, connected and synced. */
async function connectedEditor() {
  const t = await newTenant(server.base);
  const r = { organizationId: "org", documentId: "doc", editorId: "ed" };
  await post(server.base, "/v2/crdt/add", { ...r, data: "x", type: "text" }, t.headers);
  const resources = [{ type: "document", id: r.documentId, organizationId: r.organizationId }];
  const token = await userToken(server.base, t, "u1", resources);
  const name = docName(t.apiKey, r.organizationId, r.documentId, r.editorId);
  const c = connect(server.wsUrl, name, token);
  await synced(c);
  return { t, name, token, resources, c };
}

async function refused(name: string, token: string) {
  const c = connect(server.wsUrl, name, token);
  await waitFor(() => c.failures.length > 0);
  c.destroy();
  return c.failures[0];
}

describe("user tokens after a rotation", () => {
  it("Reset Auth Token: tokens minted before stop working, open connections close; new tokens work", async () => {
    const { t, name, token, resources, c } = await connectedEditor();
    const reset = await post(server.base, "/v2/workspace/authtoken/reset", { apiKey: t.apiKey }, wsHeaders(t));
    expect(reset.status).toBe(200);
    await waitFor(() => c.closes.includes("access-revoked"), 5_000, 20);
    expect(await refused(name, token)).toBe("invalid-token");

    const newKeyToken = reset.body.result.data.newAuthToken.token as string;
    const fresh = await userToken(
      server.base,
      { ...t, headers: { "x-service-api-key": t.apiKey, "x-service-auth-token": newKeyToken } },
      "u1",
      resources,
    );
    const again = connect(server.wsUrl, name, fresh);
    await synced(again);
    again.destroy();
  });

  it("Rotate Workspace Auth Tokens: the same for every key of the workspace", async () => {
    const { t, name, token, c } = await connectedEditor();
    const rotated = await post(server.base, "/v2/workspace/authtokens/rotate", {}, wsHeaders(t));
    expect(rotated.status).toBe(200);
    await waitFor(() => c.closes.includes("access-revoked"), 5_000, 20);
    expect(await refused(name, token)).toBe("invalid-token");
  });
});
