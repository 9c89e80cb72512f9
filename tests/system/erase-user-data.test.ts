import { afterAll, describe, expect, it } from "vitest";
import { canRun, freshDatabase, newTenant, post, sql, startServer, stopAllServers } from "./support";

// GDPR erase of a user with 1,000 comments, the server SIGKILLed in the middle of it: after a restart the
// erase finishes where it stopped, Get All User Data answers nothing and no table holds the user's id.

afterAll(stopAllServers);

const SUBJECT = "erase-subject-91c2";
const subject = { userId: SUBJECT, name: "Era Sed", email: "erase.91c2@example.com" };
const bystander = { userId: "bystander", name: "By Stander" };
// Four rows per table per transaction: 1,000 comments take 250 chunks, time enough to stop the server mid-way.
const env = { WEFT_ERASE_BATCH_ROWS: "4" };

async function count(databaseUrl: string, query: string, values: unknown[] = []) {
  const [{ n }] = await sql<{ n: number }>(databaseUrl, query, values);
  return n;
}

const commentsOfSubject = (databaseUrl: string) =>
  count(databaseUrl, `SELECT count(*)::int AS n FROM "Comment" WHERE "fromUserId" = $1`, [SUBJECT]);

/** Rows of every table of the catalog whose text holds the id anywhere. */
async function rowsHolding(databaseUrl: string, id: string) {
  const tables = await sql<{ table: string }>(
    databaseUrl,
    `SELECT table_name AS "table" FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
  );
  const found: Record<string, number> = {};
  for (const { table } of tables) {
    const n = await count(
      databaseUrl,
      `SELECT count(*)::int AS n FROM "${table}" t WHERE strpos(row_to_json(t)::text, $1) > 0`,
      [id],
    );
    if (n) found[table] = n;
  }
  return found;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe.runIf(canRun)("GDPR erase across a crash", () => {
  it("a user with 1,000 comments: SIGKILL mid-way, finished after the restart, nothing of them left", async () => {
    const databaseUrl = await freshDatabase();
    const first = await startServer(databaseUrl, env);
    const { keyHeaders } = await newTenant(first.base);
    const call = (base: string, path: string, data: unknown) => post(base, path, data, keyHeaders);
    await call(first.base, "/v2/users/add", {
      organizationId: "org",
      createOrganization: true,
      users: [subject, bystander],
    });
    for (let a = 0; a < 10; a++) {
      const annotationId = `thread-${a}`;
      await call(first.base, "/v2/commentannotations/add", {
        organizationId: "org",
        documentId: "doc",
        commentAnnotations: [{ annotationId, commentData: [{ commentText: "a thread", from: bystander }] }],
      });
      const added = await call(first.base, "/v2/commentannotations/comments/add", {
        organizationId: "org",
        documentId: "doc",
        annotationId,
        commentData: Array.from({ length: 100 }, (_, i) => ({ commentText: `reply ${a}.${i}`, from: subject })),
      });
      expect(added.status).toBe(200);
    }
    expect(await commentsOfSubject(databaseUrl)).toBe(1000);
    // Every comment's events handed to the consumers first (activity records, ...), so the erase has them all.
    await until(
      async () =>
        (await count(databaseUrl, `SELECT count(*)::int AS n FROM "DomainEvent" WHERE "dispatchedAt" IS NULL`)) === 0,
      120_000,
      200,
    );

    const started = await call(first.base, "/v2/users/data/delete", { userIds: [SUBJECT] });
    expect(started.status).toBe(202);
    const { jobId, tasksCount } = started.body.data;
    // Mid-way: some of the subject's comments gone, not all.
    await until(async () => (await commentsOfSubject(databaseUrl)) < 1000, 60_000, 20);
    await first.kill();
    const left = await commentsOfSubject(databaseUrl);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(1000);
    const [stopped] = await sql<{ tasksDone: number; completedAt: Date | null }>(
      databaseUrl,
      `SELECT "tasksDone", "completedAt" FROM "UserDataErasure" WHERE "id" = $1`,
      [jobId],
    );
    expect(stopped.completedAt).toBeNull();
    expect(stopped.tasksDone).toBeLessThan(tasksCount);

    // The next server takes the job over once its lease has run out, and finishes it.
    const second = await startServer(databaseUrl, env);
    await until(
      async () =>
        (await call(second.base, "/v2/users/data/delete/status", { jobId })).body.result.data.isDeleteCompleted,
      150_000,
      500,
    );
    expect((await call(second.base, "/v2/users/data/delete/status", { jobId })).body.result.data).toEqual({
      isDeleteCompleted: true,
      tasksLeft: 0,
      lastTaskCompletedTime: expect.any(Number),
    });
    // Before any call names the subject again: the request log keeps calls, and this check's own would be one.
    expect(await rowsHolding(databaseUrl, SUBJECT)).toEqual({});
    const data = await call(second.base, "/v2/users/data/get", { organizationId: "org", userId: SUBJECT });
    expect(data.body.result).toEqual({
      status: "success",
      message: "Data fetched successfully.",
      data: { comments: [], reactions: [], recordings: [], notifications: [] },
      nextPageToken: null,
    });
    // The bystander's threads stay, with their first comments.
    const threads = await call(second.base, "/v2/commentannotations/get", { organizationId: "org", documentId: "doc" });
    expect(threads.body.result.data).toHaveLength(10);
    expect(threads.body.result.data.every((t: { comments: unknown[] }) => t.comments.length === 1)).toBe(true);
  }, 300_000);
});
