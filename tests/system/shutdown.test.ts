import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { waitFor } from "../helpers/wait";
import { adminUrl, freshDatabase, haveBuild, newTenant, post, sql, startServer, stopAllServers } from "./support";

// The one-off jobs the load wrote; periodic sweeps (id periodic_<kind>) never end, so they are left out.
const ONE_OFF = `"id" NOT LIKE 'periodic\\_%'`;

// Clean shutdown (issue 19): SIGTERM while writes run. The server exits 0 within WEFT_SHUTDOWN_GRACE_MS,
// every request is either answered with success or refused at the connection, no job is left running, and
// after a restart every job runs exactly once and every acknowledged write is there. Embedded mode also
// stops its PostgreSQL cleanly (pg_control says "shut down", so the next start needs no recovery).

const GRACE_MS = 8_000;
const ORG_USERS = 40;
const dirs: string[] = [];

afterAll(async () => {
  await stopAllServers();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const notification = (id: string) => ({
  organizationId: "org",
  documentId: "doc",
  notificationId: id,
  actionUser: { userId: "u0", name: "User 0" },
  displayHeadlineMessageTemplate: "{actionUser} wrote",
  displayHeadlineMessageTemplateData: { actionUser: { userId: "u0" } },
  displayBodyMessage: "body",
  notifyUsers: [],
  notifyAll: true,
});

interface Outcome {
  kind: "users" | "notification";
  id: string;
  status: number | "refused";
}

/** Writes (users, and notifications whose fan-out is a job) from 4 clients until the server stops answering. */
async function load(base: string, headers: Record<string, string>, outcomes: Outcome[]) {
  const client = async (c: number) => {
    for (let i = 0; i < 500; i++) {
      const kind = i % 2 === 0 ? "users" : "notification";
      const id = `c${c}-${i}`;
      try {
        const reply =
          kind === "users"
            ? await post(base, "/v2/users/add", { organizationId: "org", users: [{ userId: id, name: id }] }, headers)
            : await post(base, "/v1/notifications/add", notification(id), headers);
        outcomes.push({ kind, id, status: reply.status });
      } catch {
        outcomes.push({ kind, id, status: "refused" });
        return;
      }
    }
  };
  await Promise.all([0, 1, 2, 3].map(client));
}

async function scenario(opts: { databaseUrl: string; env: Record<string, string>; query: QueryFn; dataDir?: string }) {
  const env = { ...opts.env, WEFT_SHUTDOWN_GRACE_MS: String(GRACE_MS), WEFT_LIVE_AUTH_TIMEOUT_MS: "120000" };
  const server = await startServer(opts.databaseUrl, env);
  const tenant = await newTenant(server.base);
  const users = Array.from({ length: ORG_USERS }, (_, j) => ({ userId: `u${j}`, name: `User ${j}` }));
  const setup = await post(
    server.base,
    "/v2/users/add",
    { organizationId: "org", createOrganization: true, users },
    tenant.keyHeaders,
  );
  expect(setup.status).toBe(200);
  await post(
    server.base,
    "/v2/organizations/documents/add",
    { organizationId: "org", documents: [{ documentId: "doc" }] },
    tenant.keyHeaders,
  );

  // A live socket open at the signal gets a close frame: 1001, going away.
  const live = new WebSocket(`ws://127.0.0.1:${server.port}/live`);
  await new Promise((resolve, reject) => live.once("open", resolve).once("error", reject));
  const liveClosed = new Promise<number>((resolve) => live.once("close", (code) => resolve(code)));

  const outcomes: Outcome[] = [];
  const loadDone = load(server.base, tenant.keyHeaders, outcomes);
  await waitFor(() => outcomes.filter((o) => o.kind === "notification" && o.status === 200).length >= 10, 60_000);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    server.process.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  const signalledAt = Date.now();
  server.process.kill("SIGTERM");
  const { code, at } = await exited;
  await loadDone;

  expect(code).toBe(0);
  expect(await liveClosed).toBe(1001);
  expect(at - signalledAt).toBeLessThan(GRACE_MS + 5_000);
  expect(server.log()).toContain("weft: stopped");
  for (const o of outcomes) expect([200, "refused"]).toContain(o.status);
  const refused = outcomes.filter((o) => o.status === "refused");
  expect(refused.length).toBe(4); // each client ends at its first refusal

  if (opts.dataDir) {
    expect(existsSync(path.join(opts.dataDir, "server.json"))).toBe(false);
    // pg_control's state (offset 16): 1 = shut down cleanly; 6 = in production (a crash: recovery on start).
    const control = readFileSync(path.join(opts.dataDir, "postgres", "global", "pg_control"));
    expect(control.readUInt32LE(16)).toBe(1);
  } else {
    expect(await opts.query(`SELECT count(*)::int AS n FROM "Job" WHERE "status" = 'running' AND ${ONE_OFF}`)).toEqual([
      { n: 0 },
    ]);
  }

  const again = await startServer(opts.databaseUrl, env);
  const query: QueryFn = opts.dataDir ? embeddedQuery(opts.dataDir) : opts.query;
  expect(await query(`SELECT count(*)::int AS n FROM "Job" WHERE "attempts" > 1 AND ${ONE_OFF}`)).toEqual([{ n: 0 }]);
  await waitFor(
    async () =>
      (await query(`SELECT count(*)::int AS n FROM "Job" WHERE "status" <> 'done' AND ${ONE_OFF}`))[0].n === 0,
    60_000,
    200,
  );
  // Exactly once: one attempt each, and every acknowledged notification reached the whole organization.
  expect(await query(`SELECT count(*)::int AS n FROM "Job" WHERE "attempts" <> 1 AND ${ONE_OFF}`)).toEqual([{ n: 0 }]);
  const acked = outcomes.filter((o) => o.status === 200);
  const ackedUsers = acked.filter((o) => o.kind === "users").map((o) => o.id);
  const ackedNotifications = acked.filter((o) => o.kind === "notification").map((o) => o.id);
  const storedUsers = await query(`SELECT count(*)::int AS n FROM "OrganizationUser" WHERE "userId" = ANY($1)`, [
    ackedUsers,
  ]);
  expect(storedUsers).toEqual([{ n: ackedUsers.length }]);
  const recipients = await query(
    `SELECT n."notificationId" AS id, count(r."userId")::int AS n FROM "Notification" n
       LEFT JOIN "NotificationRecipient" r ON r."notificationRowId" = n.id
      WHERE n."notificationId" = ANY($1) GROUP BY 1`,
    [ackedNotifications],
  );
  expect(recipients.length).toBe(ackedNotifications.length);
  for (const r of recipients) expect(r.n).toBeGreaterThanOrEqual(ORG_USERS);
  await again.stop();
}

type QueryFn = (text: string, values?: unknown[]) => Promise<{ n: number; id?: string }[]>;

/** Queries the running embedded server's database through the socket URL in server.json. */
const embeddedQuery =
  (dataDir: string): QueryFn =>
  (text, values) => {
    const { databaseUrl } = JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8"));
    return sql(databaseUrl, text, values);
  };

describe.runIf(haveBuild)("clean shutdown", () => {
  it("embedded: SIGTERM during writes exits 0, loses no acknowledged write, runs every job once", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "weft-shutdown-"));
    dirs.push(dataDir);
    await scenario({ databaseUrl: "", env: { WEFT_DATA_DIR: dataDir }, dataDir, query: embeddedQuery(dataDir) });
  });

  it.runIf(adminUrl)("PostgreSQL: SIGTERM during writes exits 0, no job left running, every job once", async () => {
    const databaseUrl = await freshDatabase();
    await scenario({ databaseUrl, env: {}, query: (text, values) => sql(databaseUrl, text, values) });
  });
});
