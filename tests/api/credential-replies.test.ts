import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { dispatch } from "@/lib/api/dispatch";
import type { Endpoint } from "@/lib/api/define-endpoint";
import { endpoints } from "@/lib/api/registry";
import { backupToFile } from "@/lib/infra/backup/backup";
import type { Install } from "@/lib/infra/backup/install";
import { db } from "@/lib/infra/db";
import { runtime } from "@/lib/infra/runtime";
import { asKey, newWorkspace, uniqueEmail, useTestDatabase, workspaceHeaders } from "../helpers/api";
import { tableContents } from "../helpers/backup-fixture";

// H1: a reply that carries a credential (an auth token, a user JWT, a webhook signing secret, a provider's token)
// sent with an Idempotency-Key is kept for replays, but never in clear: not in the database, not in a backup.
// The operations are found from the registry's output schemas (fields marked as credentials), not listed by hand.

const database = useTestDatabase();
const tmp = mkdtempSync(path.join(os.tmpdir(), "weft-credential-replies-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type JsonSchema = Record<string, unknown>;
const CREDENTIAL = "x-weft-credential";

const replySchemaOf = (e: Endpoint) =>
  z.toJSONSchema(e.reply?.schema ?? e.output, { io: "output", unrepresentable: "any" }) as JsonSchema;

/** Every value of `value` that `schema` marks as a credential. */
function credentialValues(schema: JsonSchema, value: unknown, root = schema): string[] {
  const ref = schema.$ref as string | undefined;
  if (ref) return credentialValues((root.$defs as Record<string, JsonSchema>)[ref.split("/").pop()!], value, root);
  if (schema[CREDENTIAL] === true) return typeof value === "string" && value !== "" ? [value] : [];
  const found: string[] = [];
  for (const alt of [...((schema.anyOf as JsonSchema[]) ?? []), ...((schema.oneOf as JsonSchema[]) ?? [])])
    found.push(...credentialValues(alt, value, root));
  if (Array.isArray(value) && schema.items)
    for (const v of value) found.push(...credentialValues(schema.items as JsonSchema, v, root));
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const props = (schema.properties as Record<string, JsonSchema>) ?? {};
    for (const [k, v] of Object.entries(value)) {
      const sub =
        props[k] ?? (typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined);
      if (sub) found.push(...credentialValues(sub as JsonSchema, v, root));
    }
  }
  return [...new Set(found)];
}

/** Whether a schema holds a credential anywhere. */
const holdsCredential = (schema: JsonSchema) => JSON.stringify(schema).includes(`"${CREDENTIAL}":true`);

/** String properties named like a secret, anywhere in a schema: name -> marked as a credential or not. */
function secretNamedStrings(schema: JsonSchema, out = new Map<string, boolean>()): Map<string, boolean> {
  for (const [name, sub] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {})) {
    if (/token|secret|password/i.test(name) && sub.type === "string")
      out.set(name, (out.get(name) ?? true) && sub[CREDENTIAL] === true);
  }
  for (const v of Object.values(schema))
    if (v && typeof v === "object") secretNamedStrings(v as JsonSchema, out as Map<string, boolean>);
  return out;
}

type Workspace = Awaited<ReturnType<typeof newWorkspace>>;
interface Call {
  headers: Record<string, string>;
  data: unknown;
  /** Headers of the retry, when the first call changed the caller's own credentials. */
  retryHeaders?(reply: { result: { data: Record<string, string> } }): Record<string, string>;
}

// How to call each credential-bearing operation on a fresh workspace (preparing what it needs first).
const calls: Record<string, (w: Workspace) => Promise<Call>> = {
  "/v2/workspace/create": async () => ({ headers: {}, data: { ownerEmail: uniqueEmail("h1") } }),
  "/v2/workspace/get": async (w) => ({ headers: w.ws, data: {} }),
  "/v2/workspace/authtoken/reset": async (w) => ({ headers: w.ws, data: { apiKey: w.apiKey } }),
  "/v2/workspace/authtokens/rotate": async (w) => ({
    headers: w.ws,
    data: {},
    retryHeaders: (reply) => workspaceHeaders(w.workspace.id, reply.result.data.authToken),
  }),
  "/v2/workspace/authtokens/get": async (w) => ({ headers: w.ws, data: { apiKey: w.apiKey } }),
  "/v2/auth/generate_token": async (w) => ({
    headers: w.key,
    data: { userId: "u1", userProperties: { name: "U", email: "u1@example.com" }, permissions: { resources: [] } },
  }),
  "/v1/auth/token/get": async (w) => ({
    headers: {},
    data: { apiKey: w.apiKey, authToken: w.apiKeyToken, userId: "u1", userProperties: { organizationId: "org" } },
  }),
  "/v2/workspace/permissionproviderconfig/get": async (w) => {
    const config = { permissionProviderUrl: "https://example.com/p", authToken: `ppt_${w.apiKeyToken}` };
    await asKey(w)("/v2/workspace/permissionproviderconfig/update", { permissionProviderConfig: config });
    return { headers: w.key, data: {} };
  },
  "/v2/workspace/webhookconfig/update": async (w) => ({
    headers: w.key,
    data: { webhookServiceConfig: { authToken: `hook_${w.apiKeyToken}` } },
  }),
  "/v2/workspace/webhookconfig/get": async (w) => {
    await asKey(w)("/v2/workspace/webhookconfig/update", {
      webhookServiceConfig: { authToken: `hook_${w.apiKeyToken}` },
    });
    return { headers: w.key, data: {} };
  },
  "/v2/workspace/advancedwebhook/endpoints/secret/get": async (w) => ({
    headers: w.key,
    data: { endpointId: await newEndpoint(w) },
  }),
  "/v2/workspace/advancedwebhook/endpoints/secret/rotate": async (w) => ({
    headers: w.key,
    data: { endpointId: await newEndpoint(w) },
  }),
};

async function newEndpoint(w: Workspace): Promise<string> {
  const api = asKey(w);
  await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
  return (await api("/v2/workspace/advancedwebhook/endpoints/create", { url: "https://example.com/hook" })).body.result
    .data.id;
}

async function send(p: string, call: Call, key: string) {
  const res = await dispatch(
    new Request(`http://localhost${p}`, {
      method: "POST",
      body: JSON.stringify({ data: call.data }),
      headers: { "content-type": "application/json", "idempotency-key": key, ...call.headers },
    }),
    { clientIp: "198.51.100.77" },
  );
  return { status: res.status, text: await res.text(), replayed: res.headers.get("idempotent-replayed") };
}

function install(): Install {
  const { databaseUrl, databaseMode, secretKey } = runtime();
  return {
    url: databaseUrl,
    mode: databaseMode,
    secretKey,
    keySource: "WEFT_SECRET_KEY",
    serverRunning: true,
    stop: async () => {},
  };
}

describe("replies that carry credentials, with an Idempotency-Key", () => {
  const credentialOps = (endpoints as readonly Endpoint[]).filter((e) => holdsCredential(replySchemaOf(e)));

  it("every output field named like a secret is marked as a credential, or is known not to be one", () => {
    const names = new Map<string, boolean>();
    for (const e of endpoints as readonly Endpoint[]) secretNamedStrings(replySchemaOf(e), names);
    const unmarked = [...names].filter(([, marked]) => !marked).map(([name]) => name);
    // Paging positions, not credentials.
    expect(unmarked.sort()).toEqual(["nextPageToken", "pageToken"]);
    expect(credentialOps.map((e) => e.path).sort()).toEqual(Object.keys(calls).sort());
  });

  it("are replayed, yet no credential is readable in the database or in a backup", async () => {
    const issued: { path: string; values: string[] }[] = [];
    for (const e of credentialOps) {
      const call = await calls[e.path](await newWorkspace());
      const key = `h1-${e.path}`;
      const first = await send(e.path, call, key);
      expect(first.status, `${e.path}: ${first.text}`).toBe(200);
      const values = credentialValues(replySchemaOf(e), JSON.parse(first.text).result.data);
      expect(values.length, e.path).toBeGreaterThan(0);
      issued.push({ path: e.path, values });
      const retry = { ...call, headers: call.retryHeaders?.(JSON.parse(first.text)) ?? call.headers };
      const again = await send(e.path, retry, key);
      expect(again, e.path).toEqual({ ...first, replayed: "true" });
    }

    expect(issued.map((i) => i.path).sort()).toEqual(Object.keys(calls).sort());

    const stored = JSON.stringify(await tableContents(database.current!.url));
    const file = path.join(tmp, "h1.backup");
    await backupToFile(install(), file);
    const backup = gunzipSync(readFileSync(file)).toString("utf8");
    for (const { path: p, values } of issued) {
      for (const value of values) {
        expect(stored.includes(value), `${p}: a credential is stored in clear`).toBe(false);
        expect(backup.includes(value), `${p}: a credential is in the backup`).toBe(false);
      }
    }
    // The replay cache itself stays out of backups (and db:move, which reads the same dump).
    const idempotency = backup.split("\n").find((line) => line.includes('"name":"IdempotencyRecord"'));
    expect(JSON.parse(idempotency!).rowCount).toBe(0);
  });

  it("a stored reply opens only in its own record: moved into another, the retry is refused, nothing runs", async () => {
    const w = await newWorkspace();
    const call = await calls["/v2/workspace/authtokens/get"](w);
    const [a, b] = ["h1-moved-a", "h1-moved-b"];
    expect((await send("/v2/workspace/authtokens/get", call, a)).status).toBe(200);
    expect((await send("/v2/workspace/authtokens/get", call, b)).status).toBe(200);
    const scopeKey = `workspace:${w.workspace.id}`;
    const sealed = await db().idempotencyRecord.findUniqueOrThrow({ where: { scopeKey_key: { scopeKey, key: a } } });
    await db().idempotencyRecord.update({ where: { scopeKey_key: { scopeKey, key: b } }, data: { body: sealed.body } });
    const moved = await send("/v2/workspace/authtokens/get", call, b);
    expect(moved.status).toBe(409);
    expect(JSON.parse(moved.text).error).toEqual({
      status: "ABORTED",
      message: `The request with Idempotency-Key "${b}" was carried out, but its reply was lost; use a new key to run it again.`,
    });
  });
});
