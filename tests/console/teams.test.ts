import { describe, expect, it } from "vitest";
import type { Endpoint } from "@/lib/api/define-endpoint";
import { endpoints } from "@/lib/api/registry";
import { operationSegments } from "@/lib/console/router/operations";
import { markMemberJoined } from "@/lib/domain/teams/mark-member-joined";
import { REDACTED } from "@/lib/domain/usage/redact-secrets";
import type { Viewer } from "@/lib/console/access";
import { answerAuditExport } from "@/lib/console/audit/export-route";
import { AUDIT_MAX_AGE_MS, sweepAuditLog } from "@/lib/domain/audit/audit-log";
import { db, transaction } from "@/lib/infra/db";
import { asKey, newWorkspace, rowCounts, uniqueEmail, useTestDatabase } from "../helpers/api";
import { consoleAs, IP, operator, owner, procedureAt, refusal } from "../helpers/console";
import { useEnvOverrides } from "../helpers/env";

// Teams: members invited by email with a role; what each role may do is enforced by the router's middleware
// (viewers never see a secret); every change and every reveal, refused ones included, is in the audit log.

useTestDatabase();
const setEnv = useEnvOverrides();

const owned = (endpoints as unknown as readonly Endpoint[]).filter((e) => e.auth !== "public");
const dotted = (e: Endpoint) => operationSegments(e.path).join(".");

/** A workspace, and one member per role, invited by its owner. */
async function team() {
  const w = await newWorkspace();
  const boss = consoleAs(owner(w.email));
  const people = { admin: uniqueEmail("admin"), developer: uniqueEmail("dev"), viewer: uniqueEmail("viewer") };
  for (const [role, email] of Object.entries(people)) {
    await boss.teams.invite({ workspaceId: w.workspace.id, data: { email, role: role as "admin" } });
  }
  const as = (role: keyof typeof people) => consoleAs(owner(people[role]));
  const ws = { workspaceId: w.workspace.id };
  const key = { ...ws, apiKeyId: w.apiKey };
  return { w, boss, people, as, ws, key };
}

describe("inviting members", () => {
  it("mails a sign-in link to the workspace, and the member sees it with their role", async () => {
    const { w, boss, people, as, ws } = await team();
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: people.developer } });
    expect(mail.subject).toContain("invited you to");
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe("/api/auth/callback/email");
    expect(new URL(link.searchParams.get("callbackUrl")!).pathname).toBe(`/workspaces/${w.workspace.id}`);

    const members = await boss.teams.members({ ...ws, data: {} });
    expect(members.map((m) => [m.email, m.role, m.creator, m.joinedAt])).toEqual([
      [w.email, "owner", true, expect.any(String)],
      [people.admin, "admin", false, null],
      [people.developer, "developer", false, null],
      [people.viewer, "viewer", false, null],
    ]);
    await markMemberJoined(db(), people.developer);
    expect((await boss.teams.members({ ...ws, data: {} }))[2].joinedAt).toEqual(expect.any(String));

    const listed = await as("developer").workspaces.list({ data: {} });
    expect(listed.workspaces.map((x) => x.id)).toEqual([w.workspace.id]);
    expect((await as("developer").workspaces.get({ ...ws, data: {} })).role).toBe("developer");
    expect((await refusal(boss.teams.invite({ ...ws, data: { email: people.viewer, role: "admin" } }))).status).toBe(
      "ALREADY_EXISTS",
    );
  });

  it("stops a workspace's invitations at WEFT_RATE_LIMIT_INVITATIONS, and one address's at its sign-in link limit", async () => {
    setEnv({ WEFT_RATE_LIMIT_INVITATIONS: "3/3600", WEFT_RATE_LIMIT_LOGIN_LINK_RECIPIENT: "2/3600" });
    const { boss, people, ws } = await team();
    const fourth = uniqueEmail("fourth");
    const tooMany = await refusal(boss.teams.invite({ ...ws, data: { email: fourth, role: "viewer" } }));
    expect(tooMany).toEqual({
      status: "RESOURCE_EXHAUSTED",
      message: "Too many invitations from this workspace for now. Try again later.",
    });
    // Refused, it wrote nothing and mailed nothing: the owner and the three invited are all there is.
    expect(await boss.teams.members({ ...ws, data: {} })).toHaveLength(4);
    expect(await db().outboxMail.count({ where: { to: fourth } })).toBe(0);

    // Removed and invited again (in another workspace, whose limit is untouched): the address's own limit holds.
    const other = await newWorkspace();
    const otherBoss = consoleAs(owner(other.email));
    const target = { workspaceId: other.workspace.id };
    await otherBoss.teams.invite({ ...target, data: { email: people.viewer, role: "viewer" } });
    await otherBoss.teams.remove({ ...target, data: { email: people.viewer } });
    const again = await refusal(otherBoss.teams.invite({ ...target, data: { email: people.viewer, role: "viewer" } }));
    expect(again).toEqual({
      status: "RESOURCE_EXHAUSTED",
      message: "This address was sent too many sign-in links for now. Try again later.",
    });
    expect(await db().outboxMail.count({ where: { to: people.viewer } })).toBe(2);
  });

  it("lets only owners make owners, and never removes the creator", async () => {
    const { w, boss, people, as, ws } = await team();
    const promote = as("admin").teams.changeRole({ ...ws, data: { email: people.viewer, role: "owner" } });
    expect(await refusal(promote)).toMatchObject({ status: "PERMISSION_DENIED" });
    await boss.teams.changeRole({ ...ws, data: { email: people.viewer, role: "owner" } });
    const removeCreator = as("viewer").teams.remove({ ...ws, data: { email: w.email } });
    expect(await refusal(removeCreator)).toMatchObject({ message: "The workspace's creator is always its owner." });
    await as("admin").teams.remove({ ...ws, data: { email: people.developer } });
    expect(await refusal(as("developer").workspaces.get({ ...ws, data: {} }))).toMatchObject({ status: "NOT_FOUND" });
  });
});

describe("roles", () => {
  it("refuse a developer every reveal of a secret, and record each attempt with who, what and where", async () => {
    const { people, as, ws, key, boss } = await team();
    const dev = as("developer");
    const before = await rowCounts();
    for (const e of owned.filter((x) => x.secret)) {
      const refused = await refusal(procedureAt(dev, dotted(e))({ ...key, data: {} }));
      expect(refused, e.path).toEqual({
        status: "PERMISSION_DENIED",
        message: "Your role in this workspace (developer) cannot reveal or rotate secrets.",
      });
    }
    const after = await rowCounts();
    // Nothing was revealed or changed: the audit log is the only table that grew, by one entry per attempt.
    const secretOps = owned.filter((x) => x.secret).length;
    expect(after).toEqual({ ...before, AuditEvent: before.AuditEvent + secretOps });

    const log = await boss.audit.list({ ...ws, data: { outcome: "denied", actor: people.developer } });
    expect(log.entries).toHaveLength(secretOps);
    expect(log.entries.find((x) => x.action === "v2.workspace.authtokens.get")).toMatchObject({
      actorEmail: people.developer,
      actorRole: "developer",
      label: "Get Auth Tokens",
      outcome: "denied",
      ip: "127.0.0.1",
      reason: "Your role in this workspace (developer) cannot reveal or rotate secrets.",
    });
    // An admin may, and that is recorded too.
    const tokens = await as("admin").v2.workspace.authtokens.get({ ...ws, data: { apiKey: key.apiKeyId } });
    expect(tokens.authTokens[0].token.length).toBeGreaterThan(20);
    const revealed = await boss.audit.list({ ...ws, data: { action: "Get Auth Tokens", outcome: "ok" } });
    expect(revealed.entries[0]).toMatchObject({ actorEmail: people.admin, fields: ["apiKey"] });
  });

  it("show roles without secrets every credential redacted, and let a viewer change nothing", async () => {
    const { w, people, as, key, boss, ws } = await team();
    const api = asKey(w);
    await api("/v2/workspace/webhookconfig/update", {
      useWebhookService: true,
      webhookServiceConfig: { authToken: "simple-hook-secret-123", rawNotificationUrl: "https://example.com/raw" },
    });
    await api("/v2/workspace/emailconfig/update", {
      useEmailService: true,
      emailServiceConfig: { type: "sendgrid", apiKey: "SG.viewer-must-not-see-1234", fromEmail: "a@example.com" },
    });
    for (const role of ["viewer", "developer"] as const) {
      const hook = await as(role).v2.workspace.webhookconfig.get({ ...key, data: {} });
      expect(hook.webhookServiceConfig.authToken).toBe(REDACTED);
      const mail = await as(role).v2.workspace.emailconfig.get({ ...key, data: {} });
      expect(JSON.stringify(mail)).not.toContain("1234");
    }
    expect(
      (await as("admin").v2.workspace.webhookconfig.get({ ...key, data: {} })).webhookServiceConfig.authToken,
    ).toBe("simple-hook-secret-123");

    const change = as("viewer").v2.workspace.domains.add({ ...key, data: { domains: ["example.com"] } });
    expect(await refusal(change)).toEqual({
      status: "PERMISSION_DENIED",
      message: "Your role in this workspace (viewer) cannot change settings.",
    });
    await as("developer").v2.workspace.domains.add({ ...key, data: { domains: ["example.com"] } });
    const deleteKey = as("developer").apiKeys.delete({ ...ws, data: { apiKey: key.apiKeyId, confirmName: "x" } });
    expect((await refusal(deleteKey)).status).toBe("PERMISSION_DENIED");
    const changes = await boss.audit.list({ ...ws, data: { actor: "@" } });
    expect(changes.entries.map((e) => [e.actorEmail, e.label, e.outcome])).toEqual(
      expect.arrayContaining([
        [people.viewer, "Add Domains", "denied"],
        [people.developer, "Add Domains", "ok"],
        [people.developer, "Delete API key", "denied"],
      ]),
    );
  });

  it("redacts what a change answers too, keeps secrets out of the audit log, and refuses a redacted value", async () => {
    const { as, key, boss, ws, people } = await team();
    const config = {
      useWebhookService: true,
      webhookServiceConfig: { authToken: "dev-set-hook-secret-987", rawNotificationUrl: "https://example.com/raw" },
    };
    const reply = await as("developer").v2.workspace.webhookconfig.update({ ...key, data: config });
    expect(JSON.stringify(reply)).not.toContain("dev-set-hook-secret-987");
    const entry = (await boss.audit.list({ ...ws, data: { actor: people.developer } })).entries[0];
    expect(entry).toMatchObject({ label: "Update Webhook Config", outcome: "ok" });
    expect(entry.input).toMatchObject({ webhookServiceConfig: { authToken: REDACTED } });
    const exported = await boss.audit.export({ ...ws, data: { format: "json" } });
    expect(exported.body).not.toContain("dev-set-hook-secret-987");
    // Saving the placeholder back (a form filled from a redacted reply) is refused and writes nothing.
    const before = await rowCounts();
    const echoed = { ...config, webhookServiceConfig: { ...config.webhookServiceConfig, authToken: REDACTED } };
    const refused = await refusal(as("developer").v2.workspace.webhookconfig.update({ ...key, data: echoed }));
    expect(refused.status).toBe("INVALID_ARGUMENT");
    expect(await rowCounts()).toEqual(before);
    const admin = await as("admin").v2.workspace.webhookconfig.get({ ...key, data: {} });
    expect(admin.webhookServiceConfig.authToken).toBe("dev-set-hook-secret-987");
  });

  it("records rotations and deletions, and nothing for a call that failed", async () => {
    const { w, boss, ws, key, as, people } = await team();
    await as("admin").v2.workspace.authtoken.reset({ ...ws, data: { apiKey: key.apiKeyId } });
    const before = await rowCounts();
    const wrongName = as("admin").apiKeys.delete({ ...ws, data: { apiKey: key.apiKeyId, confirmName: "not it" } });
    expect((await refusal(wrongName)).status).toBe("INVALID_ARGUMENT");
    expect(await rowCounts()).toEqual(before);
    const name = (await db().apiKey.findUniqueOrThrow({ where: { id: w.apiKey } })).name;
    await as("admin").apiKeys.delete({ ...ws, data: { apiKey: key.apiKeyId, confirmName: name } });
    const log = await boss.audit.list({ ...ws, data: { actor: people.admin } });
    expect(log.entries.map((e) => [e.label, e.outcome, e.target])).toEqual([
      ["Delete API key", "ok", key.apiKeyId],
      ["Reset Auth Token", "ok", key.apiKeyId],
    ]);
  });

  it("lets only admins and owners read the audit log, and no one another workspace's", async () => {
    const { as, ws } = await team();
    for (const role of ["developer", "viewer"] as const)
      expect((await refusal(as(role).audit.list({ ...ws, data: {} }))).status).toBe("PERMISSION_DENIED");
    const stranger = consoleAs(owner(uniqueEmail("stranger")));
    expect((await refusal(stranger.audit.list({ ...ws, data: {} }))).status).toBe("NOT_FOUND");
  });
});

describe("the audit log", () => {
  it("filters by time and exports as CSV, keeping 90 days", async () => {
    const { w, boss, ws, people } = await team();
    await db().auditEvent.create({
      data: {
        workspaceId: w.workspace.id,
        actorEmail: "old@example.com",
        actorRole: "owner",
        action: "teams.invite",
        label: "Invite member",
        outcome: "ok",
        createdAt: new Date(Date.now() - 91 * 24 * 3600_000),
      },
    });
    const all = await boss.audit.list({ ...ws, data: {} });
    expect(all.entries.map((e) => e.label)).toEqual(["Invite member", "Invite member", "Invite member"]);
    expect(all.entries.map((e) => e.target)).toEqual([people.viewer, people.developer, people.admin]);
    expect(
      (await boss.audit.list({ ...ws, data: { until: new Date(Date.now() - 3600_000).toISOString() } })).entries,
    ).toEqual([]);
    const csv = await boss.audit.export({ ...ws, data: { format: "csv" } });
    expect(csv.contentType).toBe("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("time,actorEmail,actorRole,action,label,target,outcome,reason,fields,input,ip");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`,owner,teams.invite,Invite member,${people.viewer},ok,,email role,`);
    expect(lines[1]).toContain(`""role"":""viewer""`);
    expect(lines[1].endsWith(",127.0.0.1")).toBe(true);
    const json = JSON.parse((await boss.audit.export({ ...ws, data: { format: "json" } })).body) as unknown[];
    expect(json).toHaveLength(3);
    // The sweep drops what is older than 90 days, and keeps the rest.
    expect(await db().auditEvent.count({ where: { workspaceId: w.workspace.id } })).toBe(4);
    await transaction((tx) => sweepAuditLog(tx, new Date(Date.now() - AUDIT_MAX_AGE_MS)));
    const kept = await db().auditEvent.findMany({ where: { workspaceId: w.workspace.id } });
    expect(kept.map((e) => e.actorEmail)).toEqual([w.email, w.email, w.email]);
  });

  it("downloads through a route with the same access check", async () => {
    const { w, people } = await team();
    const url = (q: string) => `http://localhost/api/audit/export?workspaceId=${w.workspace.id}&${q}`;
    const get = (viewer: Viewer, q: string) =>
      answerAuditExport(new Request(url(q), { headers: { "sec-fetch-site": "same-origin" } }), () => ({
        viewer,
        clientIp: IP,
      }));
    const csv = await get(owner(w.email), "format=csv&action=invite");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="weft-audit-.+\.csv"$/);
    expect((await csv.text()).trim().split("\r\n")).toHaveLength(4);
    const json = await get(owner(w.email), "format=json&actor=nobody");
    expect(await json.json()).toEqual([]);
    const developer = await get(owner(people.developer), "");
    expect(developer.status).toBe(403);
    expect(await developer.text()).not.toContain("@");
    const crossSite = await answerAuditExport(
      new Request(url(""), { headers: { "sec-fetch-site": "cross-site" } }),
      () => ({
        viewer: owner(w.email),
        clientIp: IP,
      }),
    );
    expect(crossSite.status).toBe(403);
  });

  it("records an operator's plan change in the workspace's log", async () => {
    const w = await newWorkspace();
    await consoleAs(operator).workspaces.updateSettings({ data: { workspaceId: w.workspace.id, plan: "paid" } });
    const log = await consoleAs(owner(w.email)).audit.list({ workspaceId: w.workspace.id, data: {} });
    expect(log.entries[0]).toMatchObject({
      actorRole: "operator",
      label: "Change plan settings",
      fields: expect.arrayContaining(["plan"]),
    });
  });
});
