import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/infra/embedded-db";
import { resolveSecretKey } from "@/lib/infra/secret-key";

// The embedded database (its own data dir, not the test harness's): only the owner of the process can read
// its files or connect to its socket (issue 17, finding 1).

const mode = (p: string) => statSync(p).mode & 0o777;

async function query(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  c.on("error", () => {});
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

/** A startup message, then a query without answering the password request: what a client ignoring auth sends. */
function startupThenQuery(port: number): Promise<string> {
  const startup = (() => {
    const params = Buffer.from("user\0postgres\0database\0postgres\0\0", "latin1");
    const head = Buffer.alloc(8);
    head.writeInt32BE(8 + params.length, 0);
    head.writeInt32BE(196608, 4);
    return Buffer.concat([head, params]);
  })();
  const text = Buffer.from("SELECT 'leaked' AS x\0", "latin1");
  const q = Buffer.alloc(5);
  q.write("Q", 0, "latin1");
  q.writeInt32BE(4 + text.length, 1);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    socket.on("data", (d) => (received = Buffer.concat([received, d])));
    socket.on("error", reject);
    socket.on("close", () => resolve(received.toString("latin1")));
    socket.write(startup);
    socket.write(Buffer.concat([q, text]));
  });
}

describe("embedded database access", () => {
  let dataDir: string;
  let database: EmbeddedDatabase;
  const umask = process.umask();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "weft-embedded-"));
    // An install made before the fix: a world-readable dir and files.
    process.umask(0o022);
    const old = path.join(dataDir, "outbox.jsonl");
    writeFileSync(old, "{}\n", { mode: 0o666 });
    resolveSecretKey(undefined, dataDir);
    database = await startEmbeddedDatabase(dataDir, "server");
  });

  afterAll(async () => {
    await database?.stop();
    process.umask(umask);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers with the password server.json carries", async () => {
    const owner = JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8"));
    expect(owner.databaseUrl).toBe(database.url);
    expect(new URL(database.url).password).toMatch(/^[0-9a-f]{48}$/);
    expect(await query(database.url, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("refuses a wrong password and a missing one", async () => {
    const wrong = new URL(database.url);
    wrong.password = "0".repeat(48);
    await expect(query(wrong.toString(), "SELECT 1")).rejects.toThrow(/password authentication failed/);
    const none = new URL(database.url);
    none.password = "";
    await expect(query(none.toString(), "SELECT 1")).rejects.toThrow(/password/);
  });

  it("answers a client that skips authentication with an error and closes, never with data", async () => {
    const reply = await startupThenQuery(Number(new URL(database.url).port));
    expect(reply).toContain("28P01");
    expect(reply).not.toContain("leaked");
  });

  it("keeps the data dir and every file in it to the owner", async () => {
    await query(database.url, "CREATE TABLE made_after_start (x int); INSERT INTO made_after_start VALUES (1)");
    await query(database.url, "CHECKPOINT");
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "server.json"))).toBe(0o600);
    expect(mode(path.join(dataDir, "secret.key"))).toBe(0o600);
    expect(mode(path.join(dataDir, "outbox.jsonl"))).toBe(0o600);
    const pgDir = path.join(dataDir, "pglite");
    expect(mode(pgDir)).toBe(0o700);
    expect(mode(path.join(pgDir, "PG_VERSION"))).toBe(0o600);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? [path.join(dir, e.name), ...walk(path.join(dir, e.name))] : [path.join(dir, e.name)],
      );
    const open = walk(dataDir).filter((p) => (mode(p) & 0o077) !== 0);
    expect(open).toEqual([]);
  });
});
