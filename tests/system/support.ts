import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startCluster, type PostgresCluster } from "@/lib/infra/embedded-postgres";
import { createPostgresDatabase, suiteAdminUrl } from "../helpers/database";
import { freePort } from "../helpers/free-port";

// System tests run the built server (`node server.mjs`, `.next` from `npm run build`) as real processes on
// 127.0.0.1 against the suite's PostgreSQL (weft's embedded engine, or DATABASE_URL's: the globalSetup of
// vitest.system.config.mts), where each test makes its own database.

export const root = path.resolve(import.meta.dirname, "../..");
export const adminUrl = suiteAdminUrl();
export const haveBuild = existsSync(path.join(root, ".next", "BUILD_ID"));
export const canRun = Boolean(adminUrl) && haveBuild;
export const secretKey = randomBytes(32).toString("hex");

export function freshDatabase(url = adminUrl!): Promise<string> {
  return createPostgresDatabase(url, "weft_sys");
}

export async function sql<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

export interface Server {
  base: string;
  port: number;
  process: ChildProcess;
  logFile: string;
  log(): string;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

const logDir = mkdtempSync(path.join(os.tmpdir(), "weft-system-"));

// Every server a test file starts, so that one whose sibling failed to start is still stopped.
const started = new Set<Server>();

/** Stops every server this test file started (call from afterAll). */
export async function stopAllServers() {
  await Promise.all([...started].map((s) => s.stop()));
  started.clear();
}

/** Starts `node server.mjs` (built, no rebuild) on a free port and waits until /api/health answers ok. */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<Server> {
  const p = port ?? (await freePort());
  const logFile = path.join(logDir, `server-${p}-${Date.now()}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      WEFT_SKIP_BUILD: "true",
      DATABASE_URL: databaseUrl,
      WEFT_SECRET_KEY: secretKey,
      PORT: String(p),
      HOSTNAME: "127.0.0.1",
      WEFT_LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const base = `http://127.0.0.1:${p}`;
  const server: Server = {
    base,
    port: p,
    process: child,
    logFile,
    log: () => readFileSync(logFile, "utf8"),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
  started.add(server);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}) before it was ready:\n${server.log()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.kill();
  throw new Error(`server was not ready within 90 s:\n${server.log()}`);
}

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function post(
  base: string,
  p: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await fetch(`${base}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ data }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: the assertion on the envelope shows it */
  }
  return { status: res.status, body };
}

/** A workspace and its first key's headers, created over REST. */
export async function newTenant(base: string, email = `sys-${randomBytes(4).toString("hex")}@example.com`) {
  const created = await post(base, "/v2/workspace/create", { ownerEmail: email });
  if (created.status !== 200) throw new Error(`workspace create: ${created.status} ${JSON.stringify(created.body)}`);
  const ws = created.body.result.data;
  const wsHeaders = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const tokens = await post(base, "/v2/workspace/authtokens/get", { apiKey }, wsHeaders);
  const keyHeaders = { "x-velt-api-key": apiKey, "x-velt-auth-token": tokens.body.result.data.authTokens[0].token };
  return { workspace: ws, wsHeaders, apiKey, keyHeaders };
}

/** A PostgreSQL server of the test's own (the embedded engine in a temporary directory), for tests that restart it. */
export function ownPostgres() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "weft-pg-fault-"));
  let cluster: PostgresCluster | undefined;
  const start = async () => {
    cluster = await startCluster({ dir: path.join(dir, "cluster"), database: "postgres", disposable: true });
    return cluster.adminUrl;
  };
  return {
    start,
    /** A fast shutdown (every connection cut, open transactions rolled back), then a start on the same files. */
    async restart() {
      await cluster?.stop();
      await start();
    },
    async stop() {
      await cluster?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
