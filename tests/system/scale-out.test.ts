import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { canRun, freshDatabase, newTenant, post, root, sql, startServer, stopAllServers } from "./support";

// Two server processes on different ports against one PostgreSQL, load split between them.

const receivers: Receiver[] = [];
afterAll(async () => {
  await stopAllServers();
  await Promise.all(receivers.map((r) => r.close()));
});

const migrationNames = readdirSync(path.join(root, "prisma", "migrations"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe.runIf(canRun)("several instances on one PostgreSQL", () => {
  it("apply the migrations once when they start together, then share limits and data", async () => {
    const databaseUrl = await freshDatabase();
    const env = { WEFT_RATE_LIMIT_CREATE_WORKSPACE: "6/3600" };
    // Three at once: the migrations are applied by whoever gets there first.
    const [a, b, c] = await Promise.all([
      startServer(databaseUrl, env),
      startServer(databaseUrl, env),
      startServer(databaseUrl, env),
    ]);

    const applied = await sql<{ migration_name: string; n: number }>(
      databaseUrl,
      `SELECT migration_name, count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(applied).toEqual(migrationNames.map((migration_name) => ({ migration_name, n: 1 })));

    // Rate limit: 6 workspace creations per IP per hour, whichever instance answers.
    const attempts = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        post([a, b, c][i % 3].base, "/v2/workspace/create", { ownerEmail: `limit-${i}@example.com` }),
      ),
    );
    const statuses = attempts.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect(attempts.find((r) => r.status === 429)!.body.error.status).toBe("RESOURCE_EXHAUSTED");
  });

  it("serve one tenant's writes from both, with every write visible on both", async () => {
    const databaseUrl = await freshDatabase();
    const [a, b] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
    const tenant = await newTenant(a.base);
    const batches = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(
          i % 2 ? a.base : b.base,
          "/v2/organizations/documents/add",
          {
            organizationId: "shared-org",
            createOrganization: true,
            documents: Array.from({ length: 25 }, (_, j) => ({ documentId: `doc-${i}-${j}` })),
          },
          tenant.keyHeaders,
        ),
      ),
    );
    expect(batches.map((r) => r.status)).toEqual(batches.map(() => 200));
    for (const server of [a, b]) {
      const seen = new Set<string>();
      let pageToken: string | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await post(
          server.base,
          "/v2/organizations/documents/get",
          { organizationId: "shared-org", pageSize: 300, ...(pageToken ? { pageToken } : {}) },
          tenant.keyHeaders,
        );
        expect(res.status).toBe(200);
        for (const d of res.body.result.data) seen.add(d.id);
        pageToken = res.body.result.pageToken;
        if (!pageToken) break;
      }
      expect(seen.size).toBe(1000);
    }
  });

  it("deliver every webhook exactly once while both dispatch events and claim deliveries", async () => {
    const databaseUrl = await freshDatabase();
    const env = { WEFT_ALLOW_PRIVATE_URLS: "true" };
    const [a, b] = await Promise.all([startServer(databaseUrl, env), startServer(databaseUrl, env)]);
    const tenant = await newTenant(a.base);
    const receiver = await startReceiver();
    receivers.push(receiver);
    expect(
      (await post(a.base, "/v2/workspace/advancedwebhookconfig/update", { isEnabled: true }, tenant.keyHeaders)).status,
    ).toBe(200);
    const endpoint = (
      await post(b.base, "/v2/workspace/advancedwebhook/endpoints/create", { url: receiver.url }, tenant.keyHeaders)
    ).body.result.data;
    const secret = (
      await post(
        a.base,
        "/v2/workspace/advancedwebhook/endpoints/secret/get",
        { endpointId: endpoint.id },
        tenant.keyHeaders,
      )
    ).body.result.data.secret;
    receiver.setSecrets([secret]);

    const threads = 40;
    const added = await Promise.all(
      Array.from({ length: threads }, (_, i) =>
        post(
          i % 2 ? a.base : b.base,
          "/v2/commentannotations/add",
          {
            organizationId: "org",
            documentId: `doc-${i % 4}`,
            commentAnnotations: [
              {
                annotationId: `thread-${i}`,
                commentData: [{ commentText: `comment ${i}`, from: { userId: `u${i}` } }],
              },
            ],
          },
          tenant.keyHeaders,
        ),
      ),
    );
    expect(added.map((r) => r.status)).toEqual(added.map(() => 200));
    const deadline = Date.now() + 60_000;
    while (receiver.received.length < threads && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 2000)); // room for a duplicate to show up
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(threads);
    expect(ids).toHaveLength(threads);
    expect(receiver.rejected).toEqual([]);
    const threadIds = receiver.received.map(
      (r) => (r.json as { data: { commentAnnotation: { annotationId: string } } }).data.commentAnnotation.annotationId,
    );
    expect(new Set(threadIds)).toEqual(new Set(Array.from({ length: threads }, (_, i) => `thread-${i}`)));
  });
});
