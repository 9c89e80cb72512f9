import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { clusterDir } from "@/lib/infra/embedded-db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { startWeft, type Started } from "@/lib/server/start-weft";
import { call, workspaceHeaders } from "../helpers/api";
import { waitFor } from "../helpers/wait";

// The embedded PostgreSQL of an install (its own data dir, started by weft's start-up, not the suite's server):
// reachable only by the install's OS user, through a Unix socket in the 0700 cluster directory, with no TCP
// port (issue 17, finding 1); connections that never authenticate cannot take the API down, and health says
// when the database is out of reach (issue 29, finding M1).

const saved = { ...process.env };
const umask = process.umask();
const asRoot = process.getuid?.() === 0;
let dataDir: string;
let started: Started;

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

const socketOf = (url: string) => path.join(new URL(url).searchParams.get("host")!, ".s.PGSQL.5432");

/** A connection to the socket that sends nothing: what M1's attacker held, 20 at a time. */
function silentConnection(socketPath: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ path: socketPath }, () => resolve(s));
    s.once("error", reject);
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "weft-embedded-"));
  // An install made before issue 17's fix: a world-readable dir and files.
  process.umask(0o022);
  writeFileSync(path.join(dataDir, "outbox.jsonl"), "{}\n", { mode: 0o666 });
  delete process.env.DATABASE_URL;
  delete process.env.WEFT_SECRET_KEY;
  process.env.WEFT_DATA_DIR = dataDir;
  reloadEnvForTests();
  started = await startWeft({ role: "cli" });
}, 180_000);

afterAll(async () => {
  await started?.stop();
  process.umask(umask);
  process.env = { ...saved };
  reloadEnvForTests();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded database access", () => {
  it("listens on a Unix socket in its cluster directory and on no TCP port", async () => {
    const owner = JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8"));
    expect(owner.databaseUrl).toBe(started.databaseUrl);
    expect(new URL(started.databaseUrl).searchParams.get("host")).toBe(clusterDir(dataDir));
    expect(lstatSync(socketOf(started.databaseUrl)).isSocket()).toBe(true);
    expect(await query(started.databaseUrl, "SHOW listen_addresses")).toEqual([{ listen_addresses: "" }]);
  });

  it("keeps the data dir and every file in it to the owner (and, as root, to the server's own user)", async () => {
    await query(started.databaseUrl, "CREATE TABLE made_after_start (x int); INSERT INTO made_after_start VALUES (1)");
    await query(started.databaseUrl, "CHECKPOINT");
    const mode = (p: string) => lstatSync(p).mode & 0o777;
    // As root the data dir lets the group of the server's user (postgres) pass through it, and nothing more.
    expect(mode(dataDir)).toBe(asRoot ? 0o710 : 0o700);
    for (const file of ["server.json", "secret.key", "outbox.jsonl"])
      expect(mode(path.join(dataDir, file))).toBe(0o600);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? [path.join(dir, e.name), ...walk(path.join(dir, e.name))] : [path.join(dir, e.name)],
      );
    const everything = walk(dataDir).filter((p) => !lstatSync(p).isSymbolicLink());
    expect(everything.filter((p) => (mode(p) & 0o077) !== 0)).toEqual([]);
    expect(everything.length).toBeGreaterThan(100); // the cluster's files are among them
  });

  it.runIf(asRoot)("refuses another local user at the socket before PostgreSQL sees the connection", () => {
    const script = `require("net").connect({path: process.argv[1]}).on("connect", () => { console.log("connected"); process.exit(0) }).on("error", (e) => { console.log(e.code); process.exit(0) })`;
    const out = execFileSync(
      "runuser",
      ["-u", "nobody", "--", process.execPath, "-e", script, socketOf(started.databaseUrl)],
      {
        encoding: "utf8",
      },
    );
    expect(out.trim()).toBe("EACCES");
  });

  it("answers the API and health while 20 connections sit at the socket without authenticating", async () => {
    const silent = await Promise.all(Array.from({ length: 20 }, () => silentConnection(socketOf(started.databaseUrl))));
    try {
      const created = await call("/v2/workspace/create", { ownerEmail: "slots@example.com" });
      expect(created.status).toBe(200);
      const ws = created.body.result.data;
      expect((await call("/v2/workspace/get", {}, { headers: workspaceHeaders(ws.id, ws.authToken) })).status).toBe(
        200,
      );
      const h = await health();
      expect(h.status).toBe(200);
      expect(await h.json()).toEqual({ status: "ok", database: "embedded" });
    } finally {
      for (const s of silent) s.destroy();
    }
  });

  it("closes a connection that never authenticates once authentication_timeout has passed", async () => {
    await query(started.databaseUrl, "ALTER SYSTEM SET authentication_timeout = '1s'");
    await query(started.databaseUrl, "SELECT pg_reload_conf()");
    const s = await silentConnection(socketOf(started.databaseUrl));
    let closed = false;
    s.once("close", () => (closed = true));
    await waitFor(() => closed, 30_000, 50);
    expect(s.destroyed).toBe(true);
  });

  it("reports a database it cannot reach: health 503, calls UNAVAILABLE", async () => {
    const pid = Number(readFileSync(path.join(clusterDir(dataDir), "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(pid, "SIGKILL");
    await waitFor(
      () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      },
      30_000,
      20,
    );
    const h = await health();
    expect(h.status).toBe(503);
    expect(await h.json()).toEqual({ status: "unavailable", database: "embedded" });
    const reply = await call("/v2/workspace/create", { ownerEmail: "unreachable@example.com" });
    expect(reply.status).toBe(503);
    expect(reply.body.error.status).toBe("UNAVAILABLE");
  });
});
