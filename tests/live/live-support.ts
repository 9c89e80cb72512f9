import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import WebSocket from "ws";
import * as Y from "yjs";
import { afterAll } from "vitest";
import { createPostgresDatabase } from "../helpers/database";
import { waitFor } from "../helpers/wait";
import { untilListening } from "../../scripts/api-server-listening.mjs";

// Live tests run weft as a real process (scripts/api-server.mjs: startWeft + the /live upgrade, no Next
// build) and talk to it with the stock @hocuspocus/provider over `ws`, as an editor would.

export const adminUrl = process.env.DATABASE_URL;
const children = new Set<ChildProcess>();
const providers = new Set<HocuspocusProvider>();
afterAll(() => {
  for (const p of providers) p.destroy();
  for (const c of children) c.kill("SIGKILL");
});

export interface LiveServer {
  child: ChildProcess;
  base: string;
  wsUrl: string;
  log: () => string;
}

/** The database env of one test file: a fresh PostgreSQL database, or an embedded data dir. */
export async function databaseEnv(prefix: string): Promise<Record<string, string>> {
  if (adminUrl)
    return {
      DATABASE_URL: await createPostgresDatabase(adminUrl, prefix),
      WEFT_SECRET_KEY: randomBytes(32).toString("hex"),
    };
  return { DATABASE_URL: "", WEFT_DATA_DIR: mkdtempSync(path.join(tmpdir(), `${prefix}-`)) };
}

export async function startServer(env: Record<string, string>): Promise<LiveServer> {
  const child = spawn(process.execPath, ["scripts/api-server.mjs"], {
    cwd: path.resolve(__dirname, "../.."),
    env: { ...process.env, WEFT_LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  let out = "";
  child.stderr!.on("data", (d) => (out += String(d)));
  child.stdout!.on("data", (d) => (out += String(d)));
  const base = await untilListening(child, 90_000, () => `: ${out}`);
  return { child, base, wsUrl: base.replace("http://", "ws://") + "/live", log: () => out };
}

export async function post(base: string, p: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + p, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: await res.json() };
}

export interface Tenant {
  apiKey: string;
  authToken: string;
  headers: Record<string, string>;
  serviceToken: string;
  workspace: { id: string; authToken: string };
}

let seq = 0;
export async function newTenant(base: string): Promise<Tenant> {
  const ws = (await post(base, "/v2/workspace/create", { ownerEmail: `live-${Date.now()}-${seq++}@example.com` })).body
    .result.data;
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const wsHeaders = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  const tokens = await post(base, "/v2/workspace/authtokens/get", { apiKey }, wsHeaders);
  const authToken = tokens.body.result.data.authTokens[0].token as string;
  return {
    apiKey,
    authToken,
    headers: { "x-service-api-key": apiKey, "x-service-auth-token": authToken },
    serviceToken: `${apiKey}:${authToken}`,
    workspace: { id: ws.id, authToken: ws.authToken },
  };
}

export async function userToken(base: string, t: Tenant, userId: string, resources: object[]): Promise<string> {
  const r = await post(
    base,
    "/v2/auth/generate_token",
    { userId, userProperties: { name: userId, email: `${userId}@example.com` }, permissions: { resources } },
    t.headers,
  );
  if (!r.body.result) throw new Error(JSON.stringify(r.body));
  return r.body.result.data.token;
}

/** A new editor of a new document in organization "org" per call, so that tests share no document. */
export function editorRefs() {
  let n = 0;
  return () => ({ organizationId: "org", documentId: `doc-${++n}`, editorId: "ed" });
}

export function docName(apiKey: string, organizationId: string, documentId: string, editorId: string) {
  return [apiKey, organizationId, documentId, editorId].map(encodeURIComponent).join("/");
}

export interface Client {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  failures: string[];
  closes: string[];
  text(key?: string): string;
  /** Resolves once every local change has been acknowledged by the server. */
  acked(timeoutMs?: number): Promise<void>;
  destroy(): void;
}

export function connect(
  wsUrl: string,
  name: string,
  token: string,
  opts: { websocket?: HocuspocusProviderWebsocket } = {},
): Client {
  const doc = new Y.Doc();
  const failures: string[] = [];
  const closes: string[] = [];
  const provider = new HocuspocusProvider({
    ...(opts.websocket ? { websocketProvider: opts.websocket } : { url: wsUrl, WebSocketPolyfill: WebSocket }),
    name,
    token,
    document: doc,
    onAuthenticationFailed: ({ reason }) => failures.push(reason),
    onClose: ({ event }) => closes.push(event.reason),
  } as ConstructorParameters<typeof HocuspocusProvider>[0]);
  if (opts.websocket) provider.attach();
  providers.add(provider);
  return {
    provider,
    doc,
    failures,
    closes,
    text: (key = "content") => doc.getText(key).toString(),
    acked: (timeoutMs = 10_000) => waitFor(() => provider.unsyncedChanges === 0, timeoutMs, 5),
    destroy() {
      provider.destroy();
      providers.delete(provider);
    },
  };
}

export function sharedSocket(wsUrl: string) {
  return new HocuspocusProviderWebsocket({ url: wsUrl, WebSocketPolyfill: WebSocket } as ConstructorParameters<
    typeof HocuspocusProviderWebsocket
  >[0]);
}

export function synced(c: Client, timeoutMs = 10_000) {
  return waitFor(() => c.provider.isSynced, timeoutMs, 5);
}

export async function getEditor(
  base: string,
  t: Tenant,
  ref: { organizationId: string; documentId: string; editorId: string },
) {
  const r = await post(base, "/v2/crdt/get", ref, t.headers);
  return r.body.result?.data?.[0];
}
