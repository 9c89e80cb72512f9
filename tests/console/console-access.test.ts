import { describe, expect, it } from "vitest";
import type { Viewer } from "@/lib/console/access";
import { runOperationAction } from "@/lib/console/operation-action";
import { runAction, SIGNED_OUT } from "@/lib/console/run-action";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import {
  updateWorkspaceSettings,
  updateWorkspaceSettingsInput,
} from "@/lib/domain/administration/update-workspace-settings";
import { listPageInput } from "@/lib/domain/paging";
import { listWorkspacePage } from "@/lib/domain/workspaces/list-workspace-page";
import { db, type Reader, type Tx } from "@/lib/infra/db";
import { newWorkspace, uniqueEmail, useTestDatabase } from "../helpers/api";

// The console's server actions: REST operations through the one generic action (lib/console/operation-action.ts),
// the console's own through runAction (lib/console/run-action.ts). Both check the session, parse with the same
// schema, and resolve the workspace or key through what the viewer may see; run against a real database.

useTestDatabase();

/** The browser's address, as operations.ts takes it from the request. */
const IP = "127.0.0.1";
const owner = (email: string): Viewer => ({ email, operator: false, scope: { level: "owner", ownerEmail: email } });
const operator: Viewer = { email: "ops@example.com", operator: true, scope: OPERATOR_SCOPE };

const renameKey = "/v2/workspace/apikey/update" as const;
const saveAiKeys = "/v2/workspace/apikeyconfig/update" as const;
const setPlan = {
  access: "viewer" as const,
  operatorOnly: true,
  input: updateWorkspaceSettingsInput,
  writes: true as const,
  run: (input: Parameters<typeof updateWorkspaceSettings>[1], ctx: { tx: Tx }) =>
    updateWorkspaceSettings(OPERATOR_SCOPE, input, ctx.tx),
};
const listWorkspaces = {
  access: "viewer" as const,
  input: listPageInput,
  run: (input: Parameters<typeof listWorkspacePage>[1], ctx: { viewer: Viewer; db: Reader }) =>
    listWorkspacePage(ctx.viewer.scope, input, ctx.db),
};

const keyName = async (id: string) => (await db().apiKey.findUniqueOrThrow({ where: { id } })).name;

describe("console actions", () => {
  it("refuse another owner's workspace and key as not found, and change nothing", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const before = await keyName(a.apiKey);

    // B names A's workspace: the workspace is not found, like one that does not exist.
    const foreign = await runOperationAction(
      renameKey,
      owner(b.email),
      { apiKey: a.apiKey, apiKeyName: "taken" },
      { workspaceId: a.workspace.id },
      IP,
    );
    expect(foreign).toEqual({ ok: false, error: "Workspace not found." });
    // B names its own workspace with A's key: the key is not found in it.
    const mixed = await runOperationAction(
      renameKey,
      owner(b.email),
      { apiKey: a.apiKey, apiKeyName: "taken" },
      { workspaceId: b.workspace.id },
      IP,
    );
    expect(mixed).toEqual({ ok: false, error: "API key not found." });
    const ai = await runOperationAction(
      saveAiKeys,
      owner(b.email),
      { aiModelApiKey: [{ provider: "openai", customerApiKey: "sk-stolen-0123456789" }] },
      { workspaceId: b.workspace.id, apiKeyId: a.apiKey },
      IP,
    );
    expect(ai).toEqual({ ok: false, error: "API key not found." });
    expect(await keyName(a.apiKey)).toBe(before);
    expect(await db().aiProviderKey.count({ where: { apiKeyId: a.apiKey } })).toBe(0);

    // A itself, and the operator, may.
    expect(
      await runOperationAction(
        renameKey,
        owner(a.email),
        { apiKey: a.apiKey, apiKeyName: "Mine" },
        { workspaceId: a.workspace.id },
        IP,
      ),
    ).toMatchObject({ ok: true });
    expect(await keyName(a.apiKey)).toBe("Mine");
    expect(
      await runOperationAction(
        renameKey,
        operator,
        { apiKey: a.apiKey, apiKeyName: "Ops" },
        { workspaceId: a.workspace.id },
        IP,
      ),
    ).toMatchObject({ ok: true });
    expect(await keyName(a.apiKey)).toBe("Ops");
  });

  it("keep plan and production keys to the operator", async () => {
    const a = await newWorkspace();
    const input = { workspaceId: a.workspace.id, plan: "paid", productionKeysEnabled: true };
    expect(await runAction(setPlan, owner(a.email), input, undefined)).toEqual({
      ok: false,
      error: "Only an operator can change this setting.",
    });
    expect((await db().workspace.findUniqueOrThrow({ where: { id: a.workspace.id } })).plan).toBe("free");
    expect(await runAction(setPlan, operator, input, undefined)).toMatchObject({
      ok: true,
      data: { plan: "paid", productionKeysEnabled: true },
    });
  });

  it("answer with the REST API's validation message, and ask a signed-out visitor to sign in", async () => {
    const a = await newWorkspace();
    expect(
      await runOperationAction(
        renameKey,
        owner(a.email),
        { apiKey: a.apiKey, apiKeyName: "" },
        { workspaceId: a.workspace.id },
        IP,
      ),
    ).toEqual({
      ok: false,
      error: "apiKeyName must not be empty.",
      field: "apiKeyName",
    });
    expect(
      await runOperationAction(saveAiKeys, owner(a.email), {}, { workspaceId: a.workspace.id, apiKeyId: a.apiKey }, IP),
    ).toEqual({
      ok: false,
      error: "At least one field must be provided for update",
    });
    // Only the REST operations a workspace or key authenticates: a public one is not the console's to call.
    const create = "/v2/workspace/create" as Parameters<typeof runOperationAction>[0];
    expect(
      await runOperationAction(create, owner(a.email), { ownerEmail: a.email }, { workspaceId: a.workspace.id }, IP),
    ).toEqual({
      ok: false,
      error: "Unknown operation.",
    });
    expect(
      await runOperationAction(
        renameKey,
        null,
        { apiKey: a.apiKey, apiKeyName: "x" },
        { workspaceId: a.workspace.id },
        IP,
      ),
    ).toEqual({ ok: false, error: SIGNED_OUT });
  });

  it("page the operator through every workspace, and an owner through their own", async () => {
    const mine = uniqueEmail("pager");
    const own = await newWorkspace(mine);
    const others = [];
    for (let i = 0; i < 12; i++) others.push((await newWorkspace()).workspace.id);

    const seen: string[] = [];
    let pageToken: string | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const r = await runAction(listWorkspaces, operator, { pageSize: 5, pageToken }, undefined);
      if (!r.ok) throw new Error(r.error);
      expect(r.data.workspaces.length).toBeLessThanOrEqual(5);
      seen.push(...r.data.workspaces.map((w) => w.id));
      pageToken = r.data.nextPageToken;
      if (!pageToken) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([own.workspace.id, ...others]));

    const r = await runAction(listWorkspaces, owner(mine), {}, undefined);
    expect(r).toMatchObject({ ok: true, data: { workspaces: [{ id: own.workspace.id, ownerEmail: mine }] } });
    if (r.ok) expect(r.data.nextPageToken).toBeUndefined();
  });
});
