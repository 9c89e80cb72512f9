import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEmailDeliveries, listEmailDeliveriesInput } from "@/lib/domain/email/list-email-deliveries";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { emitEvent } from "../helpers/emit-event";
import { startFakeSendgrid } from "../helpers/fake-sendgrid";
import { waitFor } from "../helpers/wait";

// Finding 3 (open mail relay): trigger mail through the instance's SendGrid key goes only to users the key
// knows, at most WEFT_EMAIL_DAILY_LIMIT per workspace per day (counted in the database); over it, or to a
// stranger, the delivery is recorded as skipped with the reason. A workspace's own SendGrid key is not limited.

const INSTANCE_KEY = "SG.instance-key-0001";
const LIMIT = 3;
let sendgrid: Awaited<ReturnType<typeof startFakeSendgrid>>;

beforeAll(async () => {
  sendgrid = await startFakeSendgrid();
  process.env.WEFT_SENDGRID_API_URL = sendgrid.url;
  process.env.WEFT_SENDGRID_API_KEY = INSTANCE_KEY;
  process.env.WEFT_EMAIL_DAILY_LIMIT = String(LIMIT);
  reloadEnvForTests();
});
afterAll(async () => {
  await sendgrid.close();
  delete process.env.WEFT_SENDGRID_API_KEY;
  delete process.env.WEFT_EMAIL_DAILY_LIMIT;
  reloadEnvForTests();
});

useTestDatabase();

const ada = { userId: "ada", name: "Ada Author", email: "ada@example.com" };
const user = (n: number) => ({ userId: `u${n}`, name: `User ${n}`, email: `u${n}@example.com` });

const sentTo = (email: string, key = INSTANCE_KEY) =>
  sendgrid.received.filter(
    (m) => m.body.personalizations[0].to[0].email === email && m.headers.authorization === `Bearer ${key}`,
  );

async function deliveries(apiKeyId: string) {
  return db().emailDelivery.findMany({ where: { apiKeyId }, orderBy: { to: "asc" } });
}

/** A workspace with email on through weft's own mailer, and `known` users in the organization's directory. */
async function instanceMailWorkspace(known: number[], emailServiceConfig: Record<string, unknown> = {}) {
  const w = await newWorkspace();
  const api = asKey(w);
  const on = await api("/v2/workspace/emailconfig/update", { useEmailService: true, emailServiceConfig });
  expect(on.status).toBe(200);
  if (known.length) {
    const added = await api("/v2/users/add", {
      organizationId: "org-1",
      createOrganization: true,
      users: known.map(user),
    });
    expect(added.status).toBe(200);
  }
  return w;
}

describe("mail through the instance's SendGrid key", () => {
  it("goes to users the key knows; a stranger's mail is skipped with the reason", async () => {
    const w = await instanceMailWorkspace([1]);
    const stranger = { userId: "x", name: "Stranger", email: "victim@elsewhere.test" };
    // A known userId with another address is not known: the directory entry must have that address.
    const impostor = { userId: "u1", name: "Impostor", email: "other@elsewhere.test" };
    await emitEvent(w.apiKey, { actor: ada, mentioned: [user(1), stranger, impostor], participants: [ada] });
    // The row says sent once SendGrid has answered: wait for the row, not for the request.
    await waitFor(async () => (await deliveries(w.apiKey)).some((d) => d.status === "sent"));
    expect(sentTo("u1@example.com")).toHaveLength(1);
    const rows = await deliveries(w.apiKey);
    expect(rows.map((d) => [d.to, d.status])).toEqual([
      ["other@elsewhere.test", "skipped"],
      ["u1@example.com", "sent"],
      ["victim@elsewhere.test", "skipped"],
    ]);
    for (const d of rows.filter((r) => r.status === "skipped")) expect(d.reason).toMatch(/not a user of this/);
    expect(sentTo("victim@elsewhere.test")).toHaveLength(0);
    // No send job was written for the skipped mail.
    const jobs = await db().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "Job" WHERE "kind" = 'email.trigger-send' AND "payload"->'event'->>'apiKeyId' = ${w.apiKey}`;
    expect(jobs[0].n).toBe(1);
  });

  it(`sends at most WEFT_EMAIL_DAILY_LIMIT (${LIMIT}) a day per workspace, counted in the database`, async () => {
    const w = await instanceMailWorkspace([1, 2, 3, 4, 5]);
    await emitEvent(w.apiKey, { actor: ada, mentioned: [user(1), user(2)], participants: [ada] });
    await emitEvent(w.apiKey, { actor: ada, mentioned: [user(3), user(4), user(5)], participants: [ada] });
    await waitFor(async () => (await deliveries(w.apiKey)).filter((d) => d.status === "sent").length === LIMIT);
    const rows = await deliveries(w.apiKey);
    expect(rows.filter((d) => d.status === "sent")).toHaveLength(LIMIT);
    const skipped = rows.filter((d) => d.status === "skipped");
    expect(skipped).toHaveLength(2);
    for (const d of skipped) expect(d.reason).toMatch(/daily limit of 3 mails/);
    const count = await db().emailDailyCount.findMany({ where: { workspaceId: w.workspace.id } });
    expect(count.map((c) => c.sent)).toEqual([LIMIT]);

    // Another workspace has its own count.
    const other = await instanceMailWorkspace([1]);
    await emitEvent(other.apiKey, { actor: ada, mentioned: [user(1)], participants: [ada] });
    await waitFor(async () => (await deliveries(other.apiKey))[0]?.status === "sent");

    // The operator sees the skipped mails and why: npx weft email:list --workspace <id> --status skipped.
    const listed = await listEmailDeliveries(
      OPERATOR_SCOPE,
      listEmailDeliveriesInput.parse({ workspaceId: w.workspace.id, status: "skipped" }),
      db(),
    );
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ apiKeyId: w.apiKey, status: "skipped", reason: expect.stringMatching(/limit/) });
  });

  it("a workspace with its own SendGrid key is limited only by its provider", async () => {
    const own = "SG.own-key-000000001";
    const w = await instanceMailWorkspace([], { type: "sendgrid", apiKey: own, fromEmail: "noreply@acme.test" });
    const people = [1, 2, 3, 4, 5].map(user);
    await emitEvent(w.apiKey, { actor: ada, mentioned: people, participants: [ada] });
    await waitFor(async () => (await deliveries(w.apiKey)).filter((d) => d.status === "sent").length === 5);
    expect(people.every((p) => sentTo(p.email, own).length === 1)).toBe(true);
    expect(await db().emailDailyCount.count({ where: { workspaceId: w.workspace.id } })).toBe(0);
  });
});
