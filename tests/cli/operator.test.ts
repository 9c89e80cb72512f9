import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/domain/errors";
import { listOutbox, listOutboxInput } from "@/lib/domain/email/list-outbox";
import { listWorkspaces } from "@/lib/domain/administration/list-workspaces";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import { updateApiKeySettings } from "@/lib/domain/administration/update-api-key-settings";
import { updateApiKeySettingsInput } from "@/lib/domain/administration/update-api-key-settings-input";
import { updateWorkspaceSettings } from "@/lib/domain/administration/update-workspace-settings";
import { updateWorkspaceSettingsInput } from "@/lib/domain/administration/update-workspace-settings-input";
import { db, transaction } from "@/lib/infra/db";
import { call, newWorkspace, uniqueEmail, useTestDatabase } from "../helpers/api";

useTestDatabase();

const createProductionKey = (ws: Record<string, string>, ownerEmail: string) =>
  call("/v2/workspace/apikey/create", { ownerEmail, type: "production" }, { headers: ws });

async function domainError(p: Promise<unknown>): Promise<DomainError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
}

describe("operator: workspace settings", () => {
  it("production keys need both the self-serve flag and the paid plan, which the operator sets", async () => {
    const { workspace, email, ws } = await newWorkspace();
    expect((await createProductionKey(ws, email)).body.error.status).toBe("PERMISSION_DENIED");

    const enabled = await transaction((tx) =>
      updateWorkspaceSettings(OPERATOR_SCOPE, { workspaceId: workspace.id, productionKeysEnabled: true }, tx),
    );
    expect(enabled).toMatchObject({ id: workspace.id, plan: "free", productionKeysEnabled: true, apiKeys: 1 });
    expect((await createProductionKey(ws, email)).body.error.status).toBe("FAILED_PRECONDITION");

    const paid = await transaction((tx) =>
      updateWorkspaceSettings(OPERATOR_SCOPE, { workspaceId: workspace.id, plan: "paid" }, tx),
    );
    expect(paid).toMatchObject({ plan: "paid", productionKeysEnabled: true });
    const created = await createProductionKey(ws, email);
    expect(created.status).toBe(200);
    expect(created.body.result.data.apiKey).toMatch(/^key_/);

    const back = await transaction((tx) =>
      updateWorkspaceSettings(
        OPERATOR_SCOPE,
        { workspaceId: workspace.id, plan: "free", productionKeysEnabled: false },
        tx,
      ),
    );
    expect(back).toMatchObject({ plan: "free", productionKeysEnabled: false, apiKeys: 2 });
    expect((await createProductionKey(ws, email)).body.error.status).toBe("PERMISSION_DENIED");
  });

  it("a paid root workspace lets its owner create another workspace", async () => {
    const { workspace, email } = await newWorkspace();
    expect((await call("/v2/workspace/create", { ownerEmail: email }, { ip: "192.0.2.10" })).body.error.status).toBe(
      "PERMISSION_DENIED",
    );
    await transaction((tx) => updateWorkspaceSettings(OPERATOR_SCOPE, { workspaceId: workspace.id, plan: "paid" }, tx));
    expect((await call("/v2/workspace/create", { ownerEmail: email }, { ip: "192.0.2.10" })).status).toBe(200);
  });

  it("an unknown workspace id is NOT_FOUND and changes nothing", async () => {
    const e = await domainError(
      transaction((tx) => updateWorkspaceSettings(OPERATOR_SCOPE, { workspaceId: "ws_missing", plan: "paid" }, tx)),
    );
    expect(e.status).toBe("NOT_FOUND");
    expect(e.message).toBe("Workspace ws_missing not found.");
  });

  it("the input schema wants at least one setting and only known plans", () => {
    expect(updateWorkspaceSettingsInput.safeParse({ workspaceId: "ws_1" }).success).toBe(false);
    expect(updateWorkspaceSettingsInput.safeParse({ workspaceId: "ws_1", plan: "gold" }).success).toBe(false);
    expect(updateWorkspaceSettingsInput.safeParse({ workspaceId: "ws_1", productionKeysEnabled: "on" }).success).toBe(
      false,
    );
    expect(updateWorkspaceSettingsInput.parse({ workspaceId: "ws_1", plan: "paid" })).toEqual({
      workspaceId: "ws_1",
      plan: "paid",
    });
  });
});

describe("operator: API key settings", () => {
  it("turns advanced queries and activity logs off and on, one at a time or together", async () => {
    const { apiKey, workspace } = await newWorkspace();
    const off = await transaction((tx) =>
      updateApiKeySettings(OPERATOR_SCOPE, { apiKey, advancedQueries: false, activityLogs: false }, tx),
    );
    expect(off).toMatchObject({
      id: apiKey,
      workspaceId: workspace.id,
      type: "testing",
      advancedQueries: false,
      activityLogs: false,
    });
    expect(Object.keys(off)).not.toContain("serviceConfig");

    const on = await transaction((tx) => updateApiKeySettings(OPERATOR_SCOPE, { apiKey, activityLogs: true }, tx));
    expect(on).toMatchObject({ advancedQueries: false, activityLogs: true });
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: apiKey } });
    expect([row.advancedQueries, row.activityLogs]).toEqual([false, true]);
  });

  it("an unknown key is NOT_FOUND", async () => {
    const e = await domainError(
      transaction((tx) => updateApiKeySettings(OPERATOR_SCOPE, { apiKey: "key_missing", activityLogs: true }, tx)),
    );
    expect(e.status).toBe("NOT_FOUND");
    expect(e.message).toBe("API key key_missing not found.");
  });

  it("the input schema wants at least one setting", () => {
    expect(updateApiKeySettingsInput.safeParse({ apiKey: "key_1" }).success).toBe(false);
    expect(updateApiKeySettingsInput.safeParse({ apiKey: "key_1", advancedQueries: true }).success).toBe(true);
  });
});

describe("operator: listings", () => {
  it("lists workspaces with their key counts and no credentials, filtered by owner", async () => {
    const a = await newWorkspace(uniqueEmail("lista"));
    const b = await newWorkspace(uniqueEmail("listb"));
    const all = await listWorkspaces(OPERATOR_SCOPE, {}, db());
    const ids = all.map((w) => w.id);
    expect(ids).toEqual(expect.arrayContaining([a.workspace.id, b.workspace.id]));
    expect(ids.indexOf(a.workspace.id)).toBeLessThan(ids.indexOf(b.workspace.id));
    const mine = await listWorkspaces(OPERATOR_SCOPE, { ownerEmail: a.email.toUpperCase() }, db());
    expect(mine).toEqual([
      {
        id: a.workspace.id,
        name: a.workspace.name,
        ownerEmail: a.email,
        plan: "free",
        productionKeysEnabled: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        apiKeys: 1,
      },
    ]);
    expect(JSON.stringify(all)).not.toContain(a.workspace.authToken);
    expect(JSON.stringify(all)).not.toMatch(/authToken/);
  });

  it("lists outbox mail newest first, by recipient, up to a limit", async () => {
    const to = uniqueEmail("mailbox");
    for (const ip of ["192.0.2.21", "192.0.2.22"]) {
      const sent = await call(
        "/v2/workspace/email/send-login-link",
        { email: to, continueUrl: "http://localhost:3000/" },
        { ip },
      );
      expect(sent.status).toBe(200);
    }
    const mail = await listOutbox(OPERATOR_SCOPE, listOutboxInput.parse({ to: to.toUpperCase() }), db());
    expect(mail).toHaveLength(2);
    expect(Object.keys(mail[0])).toEqual([
      "id",
      "to",
      "from",
      "subject",
      "text",
      "transport",
      "status",
      "error",
      "createdAt",
    ]);
    expect(mail[0]).toMatchObject({ to, transport: "outbox", status: "stored", error: null });
    expect(mail[0].createdAt >= mail[1].createdAt).toBe(true);
    expect(await listOutbox(OPERATOR_SCOPE, listOutboxInput.parse({ to, limit: 1 }), db())).toEqual([mail[0]]);
    expect(await listOutbox(OPERATOR_SCOPE, listOutboxInput.parse({ to: "nobody@example.com" }), db())).toEqual([]);
  });
});

// The real CLI, as `npx weft` runs it: a child process on an embedded data dir of its own (no server).
describe("the weft CLI", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const tmp = mkdtempSync(path.join(os.tmpdir(), "weft-cli-test-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  function weft(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
    // Embedded whatever the suite runs against: no DATABASE_URL (nor its secret key) in the child's env
    // (child_process leaves out variables whose value is undefined).
    const env = { ...process.env, WEFT_DATA_DIR: dataDir, DATABASE_URL: undefined, WEFT_SECRET_KEY: undefined };
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [path.join(root, "node_modules/.bin/weft"), ...args],
        { env, timeout: 60_000 },
        (err, stdout, stderr) => {
          const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  }

  it("lists an empty data dir as [] and exits 0", { timeout: 90_000 }, async () => {
    const r = await weft(["workspace:list"], path.join(tmp, "empty"));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(existsSync(path.join(tmp, "empty", "server.json"))).toBe(false); // released on exit
  });

  it("refuses a bad flag value before opening anything", { timeout: 30_000 }, async () => {
    const dir = path.join(tmp, "untouched");
    const r = await weft(["workspace:update", "ws_x", "--plan", "gold"], dir);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "error: option '--plan <plan>' argument 'gold' is invalid. Allowed choices are free, paid.\n",
    );
    expect(existsSync(dir)).toBe(false);

    const none = await weft(["workspace:update", "ws_x"], dir);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toBe("error: Give at least one of --plan, --production-keys.\n");

    const unknown = await weft(["workspace:delete", "ws_x"], dir);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/^error: unknown command 'workspace:delete'/);
  });

  it("exits non-zero naming an unknown workspace id", { timeout: 90_000 }, async () => {
    const r = await weft(["workspace:update", "ws_nope", "--plan", "paid"], path.join(tmp, "empty"));
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("error: Workspace ws_nope not found.\n");
  });
});
