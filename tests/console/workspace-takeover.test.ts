import { describe, expect, it } from "vitest";
import { getVisibleWorkspace } from "@/lib/domain/workspaces/get-visible-workspace";
import { listLeftByTokenHolders } from "@/lib/domain/workspaces/left-by-token-holders";
import { db } from "@/lib/infra/db";
import { apiKeyHeaders, call, newWorkspace, uniqueEmail, useTestDatabase, workspaceHeaders } from "../helpers/api";
import { consoleAs, owner, refusal } from "../helpers/console";

// Finding 2 (workspace squatting): anyone may create the root workspace for someone else's email. The real
// owner signs in to the console with a login link sent to that address (the console shows an owner the
// workspaces of their address: lib/console/access.ts), sees when and from where it was created, and rotates
// every auth token, which cuts the squatter off.

useTestDatabase();

const rotate = "/v2/workspace/authtokens/rotate";
const rotateInConsole = (email: string, workspaceId: string) =>
  consoleAs(owner(email)).v2.workspace.authtokens.rotate({ workspaceId, data: {} });

const orgs = (headers: Record<string, string>) => call("/v2/organizations/get", {}, { headers });
const keys = (headers: Record<string, string>) => call("/v2/workspace/apikeys/get", {}, { headers });

describe("workspace squatting", () => {
  it("the owner sees the creation time and address, rotates, and the squatter's tokens are refused at once", async () => {
    const victim = uniqueEmail("victim");
    const squatter = await newWorkspace(victim, "198.51.100.66");
    const second = await call(
      "/v2/workspace/apikey/create",
      { ownerEmail: victim, type: "testing", createAuthToken: true },
      { headers: squatter.ws },
    );
    const secondKey = second.body.result.data.apiKey as string;
    const secondToken = (await call("/v2/workspace/authtokens/get", { apiKey: secondKey }, { headers: squatter.ws }))
      .body.result.data.authTokens[0].token as string;
    // The squatter's credentials work (and are now in this instance's credential cache).
    expect((await orgs(squatter.key)).status).toBe(200);
    expect((await keys(squatter.ws)).status).toBe(200);

    // The console's workspace page reads this: created when, and from which address.
    const page = await getVisibleWorkspace(owner(victim).scope, { workspaceId: squatter.workspace.id }, db());
    expect(page.createdIp).toBe("198.51.100.66");
    expect(Date.now() - Date.parse(page.createdAt)).toBeLessThan(60_000);

    const rotated = { data: await rotateInConsole(victim, squatter.workspace.id) };
    expect(rotated.data.workspaceId).toBe(squatter.workspace.id);
    expect(rotated.data.apiKeys.map((k) => k.apiKey).sort()).toEqual([squatter.apiKey, secondKey].sort());

    for (const headers of [squatter.key, apiKeyHeaders(secondKey, secondToken)]) {
      const res = await orgs(headers);
      expect(res.status).toBe(403);
      expect(res.body.error.status).toBe("PERMISSION_DENIED");
    }
    expect((await keys(squatter.ws)).status).toBe(403);
    // The squatter cannot rotate back with the old workspace token either.
    expect((await call(rotate, {}, { headers: squatter.ws })).status).toBe(403);

    const ws = workspaceHeaders(squatter.workspace.id, rotated.data.authToken);
    expect((await keys(ws)).status).toBe(200);
    for (const k of rotated.data.apiKeys) {
      expect((await orgs(apiKeyHeaders(k.apiKey, k.newAuthToken.token))).status).toBe(200);
    }
  });

  it("after the rotation, lists what the squatter set up with their tokens: webhooks, mail, permission provider", async () => {
    const victim = uniqueEmail("victim");
    const squatter = await newWorkspace(victim, "198.51.100.67");
    const api = (path: string, data: object) => call(path, data, { headers: squatter.key });
    await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
    const hook = await api("/v2/workspace/advancedwebhook/endpoints/create", { url: "https://squatter.example/hook" });
    await api("/v2/workspace/webhookconfig/update", {
      useWebhookService: true,
      webhookServiceConfig: { rawNotificationUrl: "https://squatter.example/raw" },
    });
    await api("/v2/workspace/emailconfig/update", {
      useEmailService: true,
      emailServiceConfig: { type: "sendgrid", apiKey: "SG.squatter-key", fromEmail: "noreply@squatter.example" },
    });
    await api("/v2/workspace/permissionproviderconfig/update", {
      usePermissionProvider: true,
      permissionProviderConfig: { permissionProviderUrl: "https://squatter.example/perms", authToken: "t" },
    });
    const scope = { level: "workspace" as const, workspaceId: squatter.workspace.id };
    // Nothing to review before any rotation.
    expect(await listLeftByTokenHolders(scope, db())).toBeNull();

    const rotated = await rotateInConsole(victim, squatter.workspace.id);
    // What the owner adds afterwards is theirs, not listed.
    const ownerKey = apiKeyHeaders(squatter.apiKey, rotated.apiKeys[0].newAuthToken.token);
    await call(
      "/v2/workspace/advancedwebhook/endpoints/create",
      { url: "https://owner.example/hook" },
      { headers: ownerKey },
    );

    // As the console's workspace page reads it.
    const left = await consoleAs(owner(victim)).workspaces.leftByTokenHolders({
      workspaceId: squatter.workspace.id,
      data: {},
    });
    expect(Date.now() - Date.parse(left!.rotatedAt)).toBeLessThan(60_000);
    expect(left!.keys).toEqual([
      {
        apiKeyId: squatter.apiKey,
        apiKeyName: expect.any(String),
        webhookEndpoints: [
          { id: hook.body.result.data.id, url: "https://squatter.example/hook", createdAt: expect.any(String) },
        ],
        webhookUrls: ["https://squatter.example/raw"],
        email: { fromEmail: "noreply@squatter.example", ownSendgridKey: true },
        permissionProviderUrl: "https://squatter.example/perms",
      },
    ]);
    // Another owner never reads it: the workspace is not found for them.
    const other = await newWorkspace();
    expect(
      await refusal(
        consoleAs(owner(other.email)).workspaces.leftByTokenHolders({ workspaceId: squatter.workspace.id, data: {} }),
      ),
    ).toEqual({ status: "NOT_FOUND", message: "Workspace not found." });
  });

  it("another owner cannot rotate a workspace that is not theirs", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    expect(await refusal(rotateInConsole(b.email, a.workspace.id))).toEqual({
      status: "NOT_FOUND",
      message: "Workspace not found.",
    });
    expect((await orgs(a.key)).status).toBe(200);
  });
});

describe("Rotate Workspace Auth Tokens over REST (weft extension)", () => {
  it("answers the new workspace token and one new token per key; Get Auth Tokens then returns it", async () => {
    const w = await newWorkspace();
    const res = await call(rotate, {}, { headers: w.ws });
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Auth tokens rotated successfully.",
        data: {
          workspaceId: w.workspace.id,
          authToken: expect.stringMatching(/^[0-9a-f]{64}$/),
          apiKeys: [
            {
              apiKey: w.apiKey,
              newAuthToken: { token: expect.stringMatching(/^[0-9a-f]{64}$/), name: "Default Auth Token", domains: [] },
            },
          ],
        },
      },
    });
    const { authToken, apiKeys } = res.body.result.data;
    expect(authToken).not.toBe(w.workspace.authToken);
    const ws = workspaceHeaders(w.workspace.id, authToken);
    const got = await call("/v2/workspace/authtokens/get", { apiKey: w.apiKey }, { headers: ws });
    expect(got.body.result.data.authTokens).toEqual([apiKeys[0].newAuthToken]);
    expect((await call("/v2/workspace/get", {}, { headers: ws })).body.result.data.authToken).toBe(authToken);
  });

  it("records the creating address of a workspace", async () => {
    const w = await newWorkspace(uniqueEmail(), "203.0.113.77");
    const row = await db().workspace.findUniqueOrThrow({ where: { id: w.workspace.id } });
    expect(row.createdIp).toBe("203.0.113.77");
  });
});
