import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/wait";
import { createPostgresDatabase, suiteAdminUrl } from "../helpers/database";
import { untilListening } from "../../scripts/api-server-listening.mjs";

// The event bus survives a crash between the write and the fan-out: a real server process takes a comment
// with its dispatcher paused (WEFT_EVENT_DISPATCHER=false), is SIGKILLed, and a restarted server (dispatcher
// on) turns the stored event into the activity record and the notification, observed over REST.

const adminUrl = process.env.DATABASE_URL;
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

function freshPostgres(): Promise<string> {
  return createPostgresDatabase(adminUrl!, "weft_events");
}

/** A database on the suite's PostgreSQL (embedded or DATABASE_URL's) for servers that share one. */
const suiteDatabase = () => createPostgresDatabase(suiteAdminUrl(), "weft_events");

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ["scripts/api-server.mjs"], {
    cwd: path.resolve(__dirname, "../.."),
    env: { ...process.env, WEFT_LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  let err = "";
  child.stderr!.on("data", (d) => (err += String(d)));
  return untilListening(child, 60_000, () => `: ${err}`).then((base) => ({ child, base }));
}

async function post(base: string, p: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + p, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: await res.json() };
}

describe("event bus across a crash", () => {
  it(
    "a comment written while the dispatcher is paused reaches activity and notifications after SIGKILL and restart",
    { timeout: 180_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "weft-events-"));
      const env: Record<string, string> = adminUrl
        ? { DATABASE_URL: await freshPostgres(), WEFT_SECRET_KEY: randomBytes(32).toString("hex") }
        : { DATABASE_URL: "", WEFT_DATA_DIR: dataDir };

      const first = await startServer({ ...env, WEFT_EVENT_DISPATCHER: "false" });
      const ws = (await post(first.base, "/v2/workspace/create", { ownerEmail: "events-restart@example.com" })).body
        .result.data;
      const apiKey = Object.keys(ws.apiKeyList)[0];
      const tokens = await post(
        first.base,
        "/v2/workspace/authtokens/get",
        { apiKey },
        { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken },
      );
      const key = { "x-service-api-key": apiKey, "x-service-auth-token": tokens.body.result.data.authTokens[0].token };
      const added = await post(
        first.base,
        "/v2/commentannotations/add",
        {
          organizationId: "org",
          documentId: "doc",
          commentAnnotations: [
            {
              annotationId: "crash",
              commentData: [
                {
                  commentText: "ping @Bob",
                  from: { userId: "ada", name: "Ada" },
                  taggedUserContacts: [{ userId: "bob", text: "@Bob" }],
                },
              ],
            },
          ],
        },
        key,
      );
      expect(added.body.result.data.crash.success).toBe(true);
      // Paused: the event waits undispatched, nothing is fanned out yet.
      await new Promise((r) => setTimeout(r, 1000));
      expect((await post(first.base, "/v2/activities/get", { organizationId: "org" }, key)).body.result.data).toEqual(
        [],
      );
      expect(
        (await post(first.base, "/v1/notifications/get", { organizationId: "org", userId: "bob" }, key)).body.result
          .data,
      ).toEqual([]);

      first.child.kill("SIGKILL");
      await new Promise((r) => first.child.once("exit", r));

      const second = await startServer(env);
      await waitFor(
        async () =>
          (await post(second.base, "/v2/activities/get", { organizationId: "org" }, key)).body.result.data.length === 1,
        30_000,
        250,
      );
      const activity = (await post(second.base, "/v2/activities/get", { organizationId: "org" }, key)).body.result.data;
      expect(activity[0]).toMatchObject({
        actionType: "comment_annotation.add",
        targetEntityId: "crash",
        actionUser: { userId: "ada" },
      });
      await waitFor(
        async () =>
          (await post(second.base, "/v1/notifications/get", { organizationId: "org", userId: "bob" }, key)).body.result
            .data.length === 1,
        30_000,
        250,
      );

      second.child.kill("SIGTERM");
      await new Promise((r) => second.child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  );

  it("two server processes on one PostgreSQL dispatch every event exactly once", { timeout: 180_000 }, async () => {
    const env = { DATABASE_URL: await suiteDatabase(), WEFT_SECRET_KEY: randomBytes(32).toString("hex") };
    const a = await startServer(env);
    const b = await startServer(env);
    const ws = (await post(a.base, "/v2/workspace/create", { ownerEmail: "two-dispatchers@example.com" })).body.result
      .data;
    const apiKey = Object.keys(ws.apiKeyList)[0];
    const tokens = await post(
      a.base,
      "/v2/workspace/authtokens/get",
      { apiKey },
      { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken },
    );
    const key = { "x-service-api-key": apiKey, "x-service-auth-token": tokens.body.result.data.authTokens[0].token };
    // 40 threads on 4 documents, written through both servers at once, each mentioning bob.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(
          i % 2 ? a.base : b.base,
          "/v2/commentannotations/add",
          {
            organizationId: "org",
            documentId: `doc-${i % 4}`,
            commentAnnotations: [
              {
                annotationId: `t${i}`,
                commentData: [
                  { commentText: `#${i}`, from: { userId: "ada" }, taggedUserContacts: [{ userId: "bob" }] },
                ],
              },
            ],
          },
          key,
        ),
      ),
    );
    const count = async () =>
      (await post(a.base, "/v2/activities/get", { organizationId: "org" }, key)).body.result.data.length;
    await waitFor(async () => (await count()) >= 40, 60_000, 250);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await count()).toBe(40);
    const notes = (await post(b.base, "/v1/notifications/get", { organizationId: "org", userId: "bob" }, key)).body
      .result.data;
    expect(notes).toHaveLength(40);
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    const { rows } = await c.query(
      `SELECT count(*)::int AS n, count("dispatchedAt")::int AS done, max("attempts")::int AS most FROM "DomainEvent"`,
    );
    await c.end();
    expect(rows[0]).toEqual({ n: 40, done: 40, most: 1 });
    for (const s of [a, b]) {
      s.child.kill("SIGTERM");
      await new Promise((r) => s.child.once("exit", r));
    }
  });
});
