import { afterAll, beforeAll } from "vitest";
import { dispatch } from "@/lib/api/dispatch";
import { db } from "@/lib/infra/db";
import { startTestDatabase, type TestDatabase } from "./database";

export interface ApiReply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Starts a database for this test file and tears it down afterwards. */
export function useTestDatabase(): { current?: TestDatabase } {
  const holder: { current?: TestDatabase } = {};
  beforeAll(async () => {
    holder.current = await startTestDatabase();
  });
  afterAll(async () => {
    await holder.current?.stop();
  });
  return holder;
}

export interface CallOptions {
  headers?: Record<string, string>;
  ip?: string;
  method?: string;
  /** Raw body text instead of {data}. */
  raw?: string;
}

/** One HTTP request through the real dispatcher, in process. */
export async function call(path: string, data?: unknown, opts: CallOptions = {}): Promise<ApiReply> {
  const method = opts.method ?? "POST";
  const body = method === "GET" || method === "HEAD" ? undefined : (opts.raw ?? JSON.stringify({ data }));
  const res = await dispatch(
    new Request(`http://localhost${path}`, {
      method,
      body,
      headers: { "content-type": "application/json", ...opts.headers },
    }),
    { clientIp: opts.ip ?? "203.0.113.1" },
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

export const workspaceHeaders = (id: string, token: string, prefix: "service" | "velt" = "service") => ({
  [`x-${prefix}-workspace-id`]: id,
  [`x-${prefix}-workspace-auth-token`]: token,
});

export const apiKeyHeaders = (apiKey: string, token: string, prefix: "service" | "velt" = "service") => ({
  [`x-${prefix}-api-key`]: apiKey,
  [`x-${prefix}-auth-token`]: token,
});

let seq = 0;
/** A unique, non-disposable email for each call. */
export function uniqueEmail(local = "owner"): string {
  seq += 1;
  return `${local}${seq}.${process.pid}@example.com`;
}

/** Creates a workspace and returns its ids and credentials, plus the first key's auth token. */
export async function newWorkspace(email = uniqueEmail(), ip = `198.51.100.${(seq % 250) + 1}`) {
  const created = await call("/v2/workspace/create", { ownerEmail: email }, { ip });
  if (created.status !== 200) throw new Error(`workspace create failed: ${JSON.stringify(created.body)}`);
  const ws = created.body.result.data;
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const tokens = await call(
    "/v2/workspace/authtokens/get",
    { apiKey },
    { headers: workspaceHeaders(ws.id, ws.authToken) },
  );
  return {
    workspace: ws,
    email,
    apiKey,
    apiKeyToken: tokens.body.result.data.authTokens[0].token as string,
    ws: workspaceHeaders(ws.id, ws.authToken),
    key: apiKeyHeaders(apiKey, tokens.body.result.data.authTokens[0].token),
  };
}

/** Calls key-level endpoints with one workspace's first API key: `const api = asKey(await newWorkspace())`. */
export function asKey(w: { key: Record<string, string> }) {
  return (path: string, data?: unknown) => call(path, data, { headers: w.key });
}

/** Turns advanced queries on or off for a key, as `npx weft apikey:update <key> --advanced-queries` does. */
export async function setAdvancedQueries(apiKey: string, on: boolean) {
  await db().apiKey.update({ where: { id: apiKey }, data: { advancedQueries: on } });
}

/** Rows per table: equal before and after a refused call shows it wrote nothing. */
export async function rowCounts(): Promise<Record<string, number>> {
  const tables = await db().$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [{ n }] = await db().$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${table_name}"`);
    counts[table_name] = Number(n);
  }
  return counts;
}
