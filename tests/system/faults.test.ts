import { afterAll, describe, expect, it } from "vitest";
import {
  canRun,
  freshDatabase,
  newTenant,
  ownPostgres,
  post,
  sql,
  startServer,
  type Reply,
  stopAllServers,
} from "./support";

// Faults, bounded and on 127.0.0.1: PostgreSQL restarted under load, the server SIGKILLed during batch writes.

const clusters: { stop(): Promise<void> }[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const c of clusters) await c.stop().catch(() => {});
});

const users = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, j) => ({ userId: `${prefix}-u${j}`, name: `User ${j}` }));

function expectEnvelope(r: Reply) {
  if (r.status === 200) {
    expect(r.body).toEqual({ result: expect.objectContaining({ status: "success" }) });
    return;
  }
  expect([500, 503]).toContain(r.status);
  expect(r.body).toEqual({
    error: { status: expect.stringMatching(/^(UNAVAILABLE|INTERNAL)$/), message: expect.any(String) },
  });
}

/** Users stored per batch prefix, with and without their organization membership. */
async function storedPerBatch(databaseUrl: string) {
  const rows = await sql<{ batch: string; users: number; members: number }>(
    databaseUrl,
    `SELECT split_part(u."userId", '-u', 1) AS batch, count(*)::int AS users, count(m.id)::int AS members
       FROM "OrganizationUser" u
       LEFT JOIN "Membership" m ON m."apiKeyId" = u."apiKeyId" AND m."organizationId" = u."organizationId"
                               AND m."userId" = u."userId" AND m."resourceType" = 'organization'
      GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.batch, r]));
}

describe.runIf(canRun)("faults", () => {
  it("PostgreSQL restarted during load: envelopes while it is down, recovery on its own, no partial batch", async () => {
    const cluster = ownPostgres();
    clusters.push(cluster);
    const adminUrl = await cluster.start();
    const databaseUrl = await freshDatabase(adminUrl);
    const server = await startServer(databaseUrl);
    const tenant = await newTenant(server.base);
    await post(server.base, "/v2/organizations/add", { organizations: [{ organizationId: "org" }] }, tenant.keyHeaders);

    const replies: { batch: string; reply: Reply; at: number }[] = [];
    let restartedAt = Infinity;
    const deadline = Date.now() + 60_000;
    const worker = async (w: number) => {
      let okAfterRestart = 0;
      for (let i = 0; i < 400 && Date.now() < deadline && okAfterRestart < 5; i++) {
        const batch = `b${w}x${i}`;
        const reply = await post(
          server.base,
          "/v2/users/add",
          { organizationId: "org", createOrganization: true, users: users(batch, 20) },
          tenant.keyHeaders,
        );
        replies.push({ batch, reply, at: Date.now() });
        if (Date.now() > restartedAt + 500) okAfterRestart = reply.status === 200 ? okAfterRestart + 1 : 0;
        if (reply.status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      return okAfterRestart;
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    await new Promise((r) => setTimeout(r, 1500));
    await cluster.restart();
    restartedAt = Date.now();
    const recovered = await load;

    for (const { reply } of replies) expectEnvelope(reply);
    expect(recovered).toEqual([5, 5, 5, 5]);
    const stored = await storedPerBatch(databaseUrl);
    for (const { batch, reply } of replies) {
      const got = stored.get(batch) ?? { users: 0, members: 0 };
      if (reply.status === 200) expect(got, batch).toMatchObject({ users: 20, members: 20 });
      else expect([0, 20], batch).toContain(got.users); // a commit whose answer was lost is whole too
      expect(got.members, batch).toBe(got.users);
    }
    expect(server.process.exitCode).toBeNull();
  });

  it("server SIGKILLed during batch writes: every batch is whole or absent after restart", async () => {
    const databaseUrl = await freshDatabase();
    const first = await startServer(databaseUrl);
    const tenant = await newTenant(first.base);
    await post(
      first.base,
      "/v2/users/add",
      { organizationId: "org", createOrganization: true, users: users("seed", 1) },
      tenant.keyHeaders,
    );

    const inFlight = Array.from({ length: 12 }, (_, i) =>
      post(
        first.base,
        "/v2/users/add",
        { organizationId: "org", users: users(`k${i}`, 1000) },
        tenant.keyHeaders,
      ).catch(() => null),
    );
    await new Promise((r) => setTimeout(r, 700));
    await first.kill();
    const answered = await Promise.all(inFlight);

    const second = await startServer(databaseUrl);
    const stored = await storedPerBatch(databaseUrl);
    answered.forEach((reply, i) => {
      const got = stored.get(`k${i}`) ?? { users: 0, members: 0 };
      if (reply?.status === 200) expect(got.users).toBe(1000);
      expect([0, 1000], `batch k${i}`).toContain(got.users);
      expect(got.members, `batch k${i}`).toBe(got.users);
    });
    // The restarted server takes the same writes again.
    const again = await post(
      second.base,
      "/v2/users/add",
      { organizationId: "org", users: users("k0", 1000) },
      tenant.keyHeaders,
    );
    expect(again.status).toBe(200);
    expect((await storedPerBatch(databaseUrl)).get("k0")).toMatchObject({ users: 1000, members: 1000 });
  });
});
