import { describe, expect, it } from "vitest";
import { createWeftClient } from "@/lib/api/client";
import { dispatch } from "@/lib/api/dispatch";
import { isStoredReply, markIdempotentWrite } from "@/lib/api/idempotency";
import { parseInput } from "@/lib/api/parse-input";
import { registry } from "@/lib/api/registry";
import { runOperation } from "@/lib/api/run-operation";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { pruneExpiredIdempotencyRecords } from "@/lib/infra/idempotency-store";
import { newWorkspace, uniqueEmail, useTestDatabase } from "../helpers/api";
import { startFakeSendgrid } from "../helpers/fake-sendgrid";

useTestDatabase();

const saved = { ...process.env };
/** Sets variables over the ones the file started with; `setEnv({})` restores those. */
function setEnv(vars: Record<string, string>) {
  process.env = { ...saved, ...vars };
  reloadEnvForTests();
}

interface Raw {
  status: number;
  text: string;
  replayed: string | null;
}

let keySeq = 0;
const freshKey = () => `key-${process.pid}-${++keySeq}`;

async function send(path: string, data: unknown, headers: Record<string, string>, ip = "203.0.113.9"): Promise<Raw> {
  const res = await dispatch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      body: JSON.stringify({ data }),
      headers: { "content-type": "application/json", ...headers },
    }),
    { clientIp: ip },
  );
  return { status: res.status, text: await res.text(), replayed: res.headers.get("idempotent-replayed") };
}

const orgs = (...ids: string[]) => ({
  organizations: ids.map((organizationId) => ({ organizationId, organizationName: organizationId })),
});

describe("Idempotency-Key", () => {
  it("replays the first reply byte for byte without running the call again", async () => {
    const w = await newWorkspace();
    const headers = { ...w.key, "idempotency-key": freshKey() };
    const first = await send("/v2/organizations/add", orgs("acme"), headers);
    expect(first.status).toBe(200);
    expect(first.replayed).toBeNull();
    const again = await send("/v2/organizations/add", orgs("acme"), headers);
    expect(again).toEqual({ status: 200, text: first.text, replayed: "true" });
    // Run again, the call would answer "Organization already exists.".
    expect(JSON.parse(again.text).result.data.acme.success).toBe(true);
    expect(await db().organization.count({ where: { apiKeyId: w.apiKey } })).toBe(1);
    // Without the key the call runs.
    const plain = await send("/v2/organizations/add", orgs("acme"), w.key);
    expect(JSON.parse(plain.text).result.data.acme.success).toBe(false);
  });

  it("replays a public call per client IP: a second workspace is not created", async () => {
    const email = uniqueEmail("idem");
    const headers = { "idempotency-key": freshKey() };
    const first = await send("/v2/workspace/create", { ownerEmail: email }, headers, "198.51.100.201");
    const again = await send("/v2/workspace/create", { ownerEmail: email }, headers, "198.51.100.201");
    expect(first.status).toBe(200);
    expect(again).toEqual({ status: 200, text: first.text, replayed: "true" });
    expect(await db().workspace.count({ where: { ownerEmail: email } })).toBe(1);
    // The same key from another address is another caller's key.
    const other = await send("/v2/workspace/create", { ownerEmail: uniqueEmail("idem") }, headers, "198.51.100.202");
    expect(other.status).toBe(200);
    expect(other.replayed).toBeNull();
  });

  it("keeps keys apart per API key and per workspace", async () => {
    const [a, b] = [await newWorkspace(), await newWorkspace()];
    const key = freshKey();
    const ra = await send("/v2/organizations/add", orgs("shared"), { ...a.key, "idempotency-key": key });
    const rb = await send("/v2/organizations/add", orgs("shared"), { ...b.key, "idempotency-key": key });
    expect([ra.status, rb.status, ra.replayed, rb.replayed]).toEqual([200, 200, null, null]);
    expect(ra.text).not.toBe(rb.text);
    const wa = await send("/v2/workspace/get", {}, { ...a.ws, "idempotency-key": key });
    const wb = await send("/v2/workspace/get", {}, { ...b.ws, "idempotency-key": key });
    expect(JSON.parse(wa.text).result.data.id).toBe(a.workspace.id);
    expect(JSON.parse(wb.text).result.data.id).toBe(b.workspace.id);
  });

  it("answers 409 naming the key when it comes back with another body or on another endpoint", async () => {
    const w = await newWorkspace();
    const key = freshKey();
    const headers = { ...w.key, "idempotency-key": key };
    expect((await send("/v2/organizations/add", orgs("one"), headers)).status).toBe(200);
    const expected = {
      error: {
        status: "ALREADY_EXISTS",
        message: `Idempotency-Key "${key}" was already used with a different request; use a new key for a new request.`,
      },
    };
    const otherBody = await send("/v2/organizations/add", orgs("two"), headers);
    expect(otherBody.status).toBe(409);
    expect(JSON.parse(otherBody.text)).toEqual(expected);
    const otherPath = await send("/v2/organizations/get", { organizationIds: ["one"] }, headers);
    expect(otherPath.status).toBe(409);
    expect(JSON.parse(otherPath.text)).toEqual(expected);
    expect(await db().organization.count({ where: { apiKeyId: w.apiKey } })).toBe(1);
  });

  it("refuses a malformed key with INVALID_ARGUMENT naming Idempotency-Key, and runs nothing", async () => {
    const w = await newWorkspace();
    for (const key of ["", "x".repeat(256), "caf\u00e9", "a\tb"]) {
      const res = await send("/v2/organizations/add", orgs(`bad-${key.length}`), { ...w.key, "idempotency-key": key });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toEqual({
        error: { status: "INVALID_ARGUMENT", message: "Idempotency-Key must be 1 to 255 printable ASCII characters." },
      });
    }
    expect(await db().organization.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
    const longest = await send("/v2/organizations/add", orgs("ok"), { ...w.key, "idempotency-key": "~".repeat(255) });
    expect(longest.status).toBe(200);
  });

  it("stores nothing for a call that failed validation: the corrected retry with the same key runs", async () => {
    const w = await newWorkspace();
    const headers = { ...w.key, "idempotency-key": freshKey() };
    const bad = await send("/v2/organizations/add", { organizations: [{ organizationId: "x" }] }, headers);
    expect(bad.status).toBe(400);
    const fixed = await send("/v2/organizations/add", orgs("x"), headers);
    expect(fixed.status).toBe(200);
    expect(fixed.replayed).toBeNull();
  });

  it("stores the reply of a call that began executing and failed: the retry gets the same 404", async () => {
    const w = await newWorkspace();
    const headers = { ...w.key, "idempotency-key": freshKey() };
    const data = { organizationId: "later", documents: [{ documentId: "d1", documentName: "D1" }] };
    const first = await send("/v2/organizations/documents/add", data, headers);
    expect(first.status).toBe(404);
    expect((await send("/v2/organizations/add", orgs("later"), w.key)).status).toBe(200);
    const again = await send("/v2/organizations/documents/add", data, headers);
    expect(again).toEqual({ status: 404, text: first.text, replayed: "true" });
    expect(await db().document.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
  });

  it("is offered by the typed client", async () => {
    const w = await newWorkspace();
    const client = createWeftClient({
      baseUrl: "http://localhost",
      apiKey: w.apiKey,
      authToken: w.apiKeyToken,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
        dispatch(new Request(input, init), { clientIp: "203.0.113.9" })) as typeof fetch,
    });
    const idempotencyKey = freshKey();
    const first = await client.call("/v2/organizations/add", orgs("typed"), { idempotencyKey });
    const again = await client.call("/v2/organizations/add", orgs("typed"), { idempotencyKey });
    expect(again).toEqual(first);
    expect(await db().organization.count({ where: { apiKeyId: w.apiKey } })).toBe(1);
  });

  it("keeps no reply for 5xx or 429, so their retry runs again", () => {
    expect([200, 400, 403, 404, 409].every(isStoredReply)).toBe(true);
    expect([429, 500, 501, 503, 504].some(isStoredReply)).toBe(false);
  });

  it("releases the key of a rate-limited call: the retry with the same key runs once the limit allows", async () => {
    const ip = "198.51.100.231";
    const linkTo = (email: string) => ({ email, continueUrl: "http://localhost:3000/" });
    try {
      setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK: "1/3600" });
      const path = "/v2/workspace/email/send-login-link";
      expect((await send(path, linkTo(uniqueEmail("rl")), { "idempotency-key": freshKey() }, ip)).status).toBe(200);
      const headers = { "idempotency-key": freshKey() };
      const email = uniqueEmail("rl");
      expect((await send(path, linkTo(email), headers, ip)).status).toBe(429);
      setEnv({ WEFT_RATE_LIMIT_LOGIN_LINK: "100/3600" });
      const retry = await send(path, linkTo(email), headers, ip);
      expect([retry.status, retry.replayed]).toEqual([200, null]);
      expect(await db().outboxMail.count({ where: { to: email } })).toBe(1);
    } finally {
      setEnv({});
    }
  });

  it("keeps even a 5xx reply once the call's writes committed: the link is not made twice", async () => {
    const sendgrid = await startFakeSendgrid();
    try {
      setEnv({ WEFT_SENDGRID_API_KEY: "SG.instance-key", WEFT_SENDGRID_API_URL: sendgrid.url });
      sendgrid.failNextWith(500);
      const email = uniqueEmail("sg");
      const data = { email, continueUrl: "http://localhost:3000/" };
      const headers = { "idempotency-key": freshKey() };
      const first = await send("/v2/workspace/email/send-login-link", data, headers, "198.51.100.232");
      expect([first.status, JSON.parse(first.text).error.status]).toEqual([503, "UNAVAILABLE"]);
      sendgrid.failNextWith(202);
      const again = await send("/v2/workspace/email/send-login-link", data, headers, "198.51.100.232");
      expect(again).toEqual({ ...first, replayed: "true" });
      expect(await db().verificationToken.count({ where: { identifier: email } })).toBe(1);
      expect(sendgrid.received.filter((m) => m.body.personalizations[0].to[0].email === email)).toHaveLength(1);
    } finally {
      setEnv({});
      await sendgrid.close();
    }
  });

  it("runs concurrent requests with one key once: the others replay or get 409", async () => {
    const w = await newWorkspace();
    const headers = { ...w.key, "idempotency-key": freshKey() };
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => send("/v2/organizations/add", orgs("race"), headers)),
    );
    const ran = replies.filter((r) => r.status === 200 && r.replayed === null);
    expect(ran).toHaveLength(1);
    for (const r of replies) {
      if (r.status === 200) expect(r.text).toBe(ran[0].text);
      else
        expect(JSON.parse(r.text).error).toEqual({
          status: "ABORTED",
          message:
            `A request with Idempotency-Key "${headers["idempotency-key"]}" is still being processed; ` +
            "retry once it has answered.",
        });
    }
    expect(await db().organization.count({ where: { apiKeyId: w.apiKey } })).toBe(1);
  });

  it("marks the record in the call's own transaction: writes without their claim roll back", async () => {
    const w = await newWorkspace();
    const endpoint = registry.get("/v2/organizations/add")!;
    const scope = { level: "apiKey" as const, workspaceId: w.workspace.id, apiKeyId: w.apiKey };
    const input = parseInput(endpoint, orgs("orphan"));
    // A claim another instance took over (its row is gone): the mark fails and the writes go with it.
    const lost = { scopeKey: `apiKey:${w.apiKey}`, key: freshKey(), requestHash: "" };
    await expect(
      runOperation(endpoint, input, scope, "req-1", "203.0.113.9", (tx) => markIdempotentWrite(tx, lost)),
    ).rejects.toMatchObject({ status: "ABORTED" });
    expect(await db().organization.count({ where: { apiKeyId: w.apiKey } })).toBe(0);

    const ok = await send("/v2/organizations/add", orgs("kept"), { ...w.key, "idempotency-key": freshKey() });
    expect(ok.status).toBe(200);
    const stored = await db().idempotencyRecord.findMany({ where: { scopeKey: `apiKey:${w.apiKey}` } });
    // Sealed, not in clear (replies may carry credentials: tests/api/credential-replies.test.ts).
    expect(stored).toEqual([
      expect.objectContaining({ state: "done", httpStatus: 200, body: expect.stringMatching(/^v2\./) }),
    ]);
  });

  it("does not run a call again whose writes committed but whose reply was lost", async () => {
    const w = await newWorkspace();
    const headers = { ...w.key, "idempotency-key": freshKey() };
    expect((await send("/v2/organizations/add", orgs("once"), headers)).status).toBe(200);
    // As a process that died between its commit and storing the reply leaves it.
    const where = { scopeKey: `apiKey:${w.apiKey}`, key: headers["idempotency-key"] };
    const recent = { state: "committed", httpStatus: null, body: null };
    await db().idempotencyRecord.updateMany({ where, data: recent });
    const busy = await send("/v2/organizations/add", orgs("once"), headers);
    expect([busy.status, JSON.parse(busy.text).error.status]).toEqual([409, "ABORTED"]);
    await db().idempotencyRecord.updateMany({ where, data: { createdAt: new Date(Date.now() - 11 * 60_000) } });
    const lost = await send("/v2/organizations/add", orgs("once"), headers);
    expect(lost.status).toBe(409);
    expect(JSON.parse(lost.text).error.message).toBe(
      `The request with Idempotency-Key "${headers["idempotency-key"]}" was carried out, but its reply was lost; ` +
        "use a new key to run it again.",
    );
    expect(await db().organization.count({ where: { apiKeyId: w.apiKey } })).toBe(1);
  });

  it("runs a call again whose process died before it committed (a running record past its lease)", async () => {
    const w = await newWorkspace();
    const headers = { ...w.key, "idempotency-key": freshKey() };
    expect((await send("/v2/organizations/add", orgs("died"), headers)).status).toBe(200);
    await db().organization.deleteMany({ where: { apiKeyId: w.apiKey } });
    const where = { scopeKey: `apiKey:${w.apiKey}`, key: headers["idempotency-key"] };
    const stale = { state: "running", httpStatus: null, body: null, createdAt: new Date(Date.now() - 11 * 60_000) };
    await db().idempotencyRecord.updateMany({ where, data: stale });
    const rerun = await send("/v2/organizations/add", orgs("died"), headers);
    expect([rerun.status, rerun.replayed]).toEqual([200, null]);
    expect(await db().organization.count({ where: { apiKeyId: w.apiKey } })).toBe(1);
  });

  it("forgets a key after 24 hours: the sweep deletes it and a later call with it runs again", async () => {
    const w = await newWorkspace();
    const headers = { ...w.key, "idempotency-key": freshKey() };
    expect((await send("/v2/organizations/add", orgs("old"), headers)).status).toBe(200);
    const where = { scopeKey: `apiKey:${w.apiKey}`, key: headers["idempotency-key"] };
    await db().idempotencyRecord.updateMany({ where, data: { expiresAt: new Date(Date.now() - 1000) } });
    const rerun = await send("/v2/organizations/add", orgs("old"), headers);
    expect(rerun.replayed).toBeNull();
    expect(JSON.parse(rerun.text).result.data.old.success).toBe(false);
    await db().idempotencyRecord.updateMany({ where, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await pruneExpiredIdempotencyRecords()).toBeGreaterThanOrEqual(1);
    expect(await db().idempotencyRecord.count({ where })).toBe(0);
  });
});
