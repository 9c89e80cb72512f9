import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { VERDICT_INSTRUCTION } from "@/lib/domain/agents/agent-verdict";
import { call, newWorkspace, useTestDatabase } from "../helpers/api";
import { setProviderKeys, useFakeAi } from "../helpers/fake-ai";
import { waitFor } from "../helpers/wait";

useTestDatabase();

const ai = useFakeAi();
let w: Awaited<ReturnType<typeof newWorkspace>>;

beforeAll(async () => {
  w = await newWorkspace();
  await setProviderKeys(w.key, { anthropic: "sk-ant-agents-0123456789" });
});

beforeEach(() => {
  ai.current.reset();
  ai.current.behave("anthropic", { kind: "answer", text: "PASS: the text names the brand." });
});

const post = (path: string, data: object, headers = w.key) => call(path, data, { headers });
const agentDef = {
  name: "Brand Consistency Checker",
  model: "claude-sonnet-4-0",
  instruction: "Check that the text names Acme.",
  reads: "text",
};

async function finished(executionId: string, headers = w.key) {
  let item: { status: string } | undefined;
  await waitFor(async () => {
    const res = await post("/v2/agents/execution/list", { pageSize: 500 }, headers);
    item = res.body.result.items.find((e: { id: string }) => e.id === executionId);
    return item !== undefined && item.status !== "running";
  }, 20_000);
  return item as Record<string, unknown>;
}

describe("agent definitions", () => {
  it("adds, gets, updates with a version bump and deletes", async () => {
    const added = await post("/v2/agents/add", { agentId: "agent_brand_check", ...agentDef });
    expect(added.body.result).toMatchObject({
      status: "success",
      message: "Agent added successfully.",
      data: { agentId: "agent_brand_check", ...agentDef, version: 1 },
    });
    const generated = await post("/v2/agents/add", { ...agentDef, name: "Second" });
    expect(generated.body.result.data.agentId).toMatch(/^agent_[A-Za-z0-9]{22}$/);
    expect((await post("/v2/agents/add", { agentId: "agent_brand_check", ...agentDef })).body.error).toEqual({
      status: "ALREADY_EXISTS",
      message: "An agent with this agentId already exists.",
    });

    const updated = await post("/v2/agents/update", {
      agentId: "agent_brand_check",
      instruction: "Check that the text names Acme Inc.",
    });
    expect(updated.body.result).toMatchObject({
      message: "Agent updated successfully.",
      data: { version: 2, instruction: "Check that the text names Acme Inc.", name: agentDef.name },
    });
    expect(
      (await post("/v2/agents/update", { agentId: "agent_brand_check", model: "gpt-4o" })).body.result.data.version,
    ).toBe(3);

    const got = await post("/v2/agents/get", {});
    expect(got.body.result.data.agents.map((a: { agentId: string }) => a.agentId)).toEqual([
      "agent_brand_check",
      generated.body.result.data.agentId,
    ]);
    const paged = await post("/v2/agents/get", { pageSize: 1 });
    expect(paged.body.result.data.agents).toHaveLength(1);
    const next = await post("/v2/agents/get", { pageSize: 1, pageToken: paged.body.result.data.nextPageToken });
    expect(next.body.result.data.agents[0].agentId).toBe(generated.body.result.data.agentId);
    expect(next.body.result.data.nextPageToken).toBeUndefined();

    expect((await post("/v2/agents/delete", { agentId: "agent_brand_check" })).body.result).toEqual({
      status: "success",
      message: "Agent deleted successfully.",
      data: null,
    });
    expect((await post("/v2/agents/delete", { agentId: "agent_brand_check" })).body.error).toEqual({
      status: "NOT_FOUND",
      message: "Agent not found.",
    });
    expect((await post("/v2/agents/update", { agentId: "agent_brand_check", name: "x" })).status).toBe(404);
    expect((await post("/v2/agents/get", { agentIds: ["agent_brand_check"] })).body.result.data.agents).toEqual([]);
  });

  it("validates definitions and keeps them to their key", async () => {
    expect((await post("/v2/agents/add", { ...agentDef, model: "llama-3" })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "model must be a gpt-, o1-, o3-, o4-, claude- or gemini- model.",
    });
    expect((await post("/v2/agents/add", { ...agentDef, reads: "web" })).body.error.message).toBe(
      "reads must be one of: crdt, text.",
    );
    expect((await post("/v2/agents/add", { ...agentDef, agentId: "bad id" })).body.error.message).toBe(
      "agentId may contain only letters, digits, _ and -.",
    );
    expect((await post("/v2/agents/update", { agentId: "x" })).body.error.message).toBe(
      "At least one of name, model, instruction or reads must be provided.",
    );
    await post("/v2/agents/add", { agentId: "private_agent", ...agentDef });
    const other = await newWorkspace();
    expect((await post("/v2/agents/get", {}, other.key)).body.result.data.agents).toEqual([]);
    expect((await post("/v2/agents/run", { agentId: "private_agent", text: "Acme" }, other.key)).status).toBe(404);
  });
});

describe("agent runs", () => {
  beforeAll(async () => {
    await post("/v2/agents/add", { agentId: "text_check", ...agentDef });
    await post("/v2/agents/add", { agentId: "doc_check", ...agentDef, reads: "crdt" });
  });

  it("records a running execution, then passes with the model's answer", async () => {
    const run = await post("/v2/agents/run", { agentId: "text_check", text: "Acme makes anvils." });
    expect(run.body.result).toMatchObject({
      status: "success",
      message: "Agent execution started successfully.",
      data: {
        agentId: "text_check",
        agentName: agentDef.name,
        agentVersion: 1,
        status: "running",
        trigger: "standalone",
        completedAt: null,
        durationMs: null,
      },
    });
    const done = await finished(run.body.result.data.id);
    expect(done).toMatchObject({ status: "passed", message: "PASS: the text names the brand." });
    expect(done.completedAt).toBeGreaterThanOrEqual(done.startedAt as number);
    expect(done.durationMs).toBe((done.completedAt as number) - (done.startedAt as number));
    const [req] = ai.current.received;
    expect(req.body.system).toEqual([
      { type: "text", text: `Check that the text names Acme.\n\n${VERDICT_INSTRUCTION}` },
    ]);
    expect(req.body.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Acme makes anvils." }] }]);
  });

  it("fails when the model says the check failed", async () => {
    ai.current.behave("anthropic", { kind: "answer", text: "**FAIL** — the brand is missing." });
    const run = await post("/v2/agents/run", { agentId: "text_check", text: "We make anvils." });
    expect(await finished(run.body.result.data.id)).toMatchObject({
      status: "failed",
      message: "**FAIL** — the brand is missing.",
    });
  });

  it("ends in error on a provider failure or a missing key", async () => {
    ai.current.behave("anthropic", { kind: "status", status: 500 });
    const run = await post("/v2/agents/run", { agentId: "text_check", text: "Acme" });
    const done = await finished(run.body.result.data.id);
    expect(done.status).toBe("error");
    expect(done.message).toMatch(/^Anthropic returned HTTP 500/);
    await post("/v2/agents/add", { agentId: "gpt_check", ...agentDef, model: "gpt-4o" });
    const noKey = await post("/v2/agents/run", { agentId: "gpt_check", text: "Acme" });
    expect(await finished(noKey.body.result.data.id)).toMatchObject({
      status: "error",
      message: "No API key configured for provider: OpenAI",
    });
  });

  it("reads the document's CRDT text, and skips when there is nothing to read", async () => {
    const doc = { organizationId: "org-a", documentId: "doc-a" };
    await post("/v2/crdt/add", { ...doc, editorId: "note", data: "Acme rocks.", type: "text" });
    const run = await post("/v2/agents/run", { agentId: "doc_check", ...doc });
    expect(run.body.result.data.metadata).toEqual(doc);
    expect(await finished(run.body.result.data.id)).toMatchObject({ status: "passed" });
    expect(ai.current.received[0].body.messages[0].content[0].text).toBe("Acme rocks.");

    const empty = await post("/v2/agents/run", {
      agentId: "doc_check",
      organizationId: "org-a",
      documentId: "doc-empty",
    });
    expect(await finished(empty.body.result.data.id)).toMatchObject({
      status: "skipped",
      message: "Nothing to read: the document has no CRDT data.",
    });
    const blank = await post("/v2/agents/run", { agentId: "text_check", text: "   " });
    expect(await finished(blank.body.result.data.id)).toMatchObject({
      status: "skipped",
      message: "Nothing to read: the input text is empty.",
    });
    expect(ai.current.received).toHaveLength(1);
  });

  it("ends in error, not running forever, when the stored document cannot be read", async () => {
    const doc = { organizationId: "org-a", documentId: "doc-broken" };
    await post("/v2/crdt/add", { ...doc, editorId: "note", data: "fine", type: "text" });
    await db().crdtDocument.updateMany({
      where: { apiKeyId: w.apiKey, documentId: "doc-broken" },
      data: { state: new Uint8Array([0xff, 0xff, 0xff, 0x07]) },
    });
    const run = await post("/v2/agents/run", { agentId: "doc_check", ...doc });
    const ended = await finished(run.body.result.data.id);
    expect(ended.status).toBe("error");
    expect(ended.message).toMatch(/^The agent could not run: /);
  });

  it("checks what a run needs", async () => {
    expect((await post("/v2/agents/run", { agentId: "doc_check" })).body.error.message).toBe(
      "This agent reads CRDT data: organizationId and documentId are required.",
    );
    expect((await post("/v2/agents/run", { agentId: "text_check" })).body.error.message).toBe(
      "This agent reads a text given at run time: text is required.",
    );
    expect(
      (await post("/v2/agents/run", { agentId: "text_check", text: "x", documentId: "d" })).body.error.message,
    ).toBe("organizationId is required with documentId.");
    expect((await post("/v2/agents/run", { agentId: "nope", text: "x" })).body.error).toEqual({
      status: "NOT_FOUND",
      message: "Agent not found.",
    });
  });
});

describe("List Agent Executions", () => {
  let k: Awaited<ReturnType<typeof newWorkspace>>;
  beforeAll(async () => {
    k = await newWorkspace();
    await setProviderKeys(k.key, { anthropic: "sk-ant-list-0123456789" });
    await post("/v2/agents/add", { agentId: "a1", ...agentDef }, k.key);
    await post("/v2/agents/add", { agentId: "a2", ...agentDef, reads: "crdt" }, k.key);
  });

  const list = (data: object) => post("/v2/agents/execution/list", data, k.key);

  it("answers result{items,nextCursor,hasMore}, filters, and pages stably while executions are added", async () => {
    const empty = await list({});
    expect(empty.body).toEqual({ result: { items: [], nextCursor: null, hasMore: false } });

    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await post("/v2/agents/run", { agentId: "a1", text: `run ${i}` }, k.key)).body.result.data.id);
      await new Promise((r) => setTimeout(r, 5));
    }
    ids.push(
      (await post("/v2/agents/run", { agentId: "a2", organizationId: "o1", documentId: "d1" }, k.key)).body.result.data
        .id,
    );
    for (const id of ids) await finished(id, k.key);

    const first = await list({ pageSize: 2 });
    expect(first.body.result.items.map((e: { id: string }) => e.id)).toEqual([ids[5], ids[4]]);
    expect(first.body.result.hasMore).toBe(true);
    // New executions between pages do not shift what comes next.
    const late = (await post("/v2/agents/run", { agentId: "a1", text: "late" }, k.key)).body.result.data.id;
    const second = await list({ pageSize: 2, cursor: first.body.result.nextCursor });
    expect(second.body.result.items.map((e: { id: string }) => e.id)).toEqual([ids[3], ids[2]]);
    const third = await list({ pageSize: 2, cursor: second.body.result.nextCursor });
    expect(third.body.result).toMatchObject({ hasMore: false, nextCursor: null });
    expect(third.body.result.items.map((e: { id: string }) => e.id)).toEqual([ids[1], ids[0]]);

    const asc = await list({ orderDirection: "asc", pageSize: 3 });
    expect(asc.body.result.items.map((e: { id: string }) => e.id)).toEqual(ids.slice(0, 3));
    const ascNext = await list({ orderDirection: "asc", pageSize: 3, cursor: asc.body.result.nextCursor });
    expect(ascNext.body.result.items.map((e: { id: string }) => e.id).slice(0, 3)).toEqual(ids.slice(3, 6));

    expect((await list({ agentId: "a2" })).body.result.items.map((e: { id: string }) => e.id)).toEqual([ids[5]]);
    expect((await list({ organizationId: "o1", documentId: "d1" })).body.result.items).toHaveLength(1);
    expect((await list({ documentId: "other" })).body.result.items).toEqual([]);
    expect((await list({ status: "skipped" })).body.result.items.map((e: { id: string }) => e.id)).toEqual([ids[5]]);
    await finished(late, k.key);
    expect((await list({ status: "passed", agentId: "a1", pageSize: 500 })).body.result.items).toHaveLength(6);
    const other = await newWorkspace();
    expect((await post("/v2/agents/execution/list", {}, other.key)).body.result.items).toEqual([]);
  });

  it("validates pageSize, status, orderDirection, cursor and unknown fields", async () => {
    for (const [data, message] of [
      [{ pageSize: 0 }, "pageSize must be at least 1."],
      [{ pageSize: 501 }, "pageSize must be at most 500."],
      [{ pageSize: 2.5 }, "pageSize must be an integer."],
      [{ status: "done" }, "status must be one of: running, passed, failed, error, skipped."],
      [{ orderDirection: "up" }, "orderDirection must be one of: asc, desc."],
      [{ cursor: "garbage" }, "cursor is invalid; pass back the token of the previous page unchanged."],
      [{ pageToken: "x" }, "Unknown field: pageToken."],
    ] as const) {
      const res = await list(data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body.error, JSON.stringify(data)).toEqual({ status: "INVALID_ARGUMENT", message });
    }
  });
});
