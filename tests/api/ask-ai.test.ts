import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { call, newWorkspace, useTestDatabase } from "../helpers/api";
import { setProviderKeys, useFakeAi } from "../helpers/fake-ai";

useTestDatabase();

const KEYS = {
  openai: "sk-openai-test-0123456789abcdef",
  anthropic: "sk-ant-test-0123456789abcdef",
  gemini: "AIza-test-0123456789abcdef",
};

const ai = useFakeAi();
let w: Awaited<ReturnType<typeof newWorkspace>>;

beforeAll(async () => {
  w = await newWorkspace();
  await setProviderKeys(w.key, KEYS);
});

afterEach(() => {
  ai.current.reset();
  delete process.env.WEFT_AI_TIMEOUT_MS;
  reloadEnvForTests();
});

const ask = (data: object, headers = w.key) => call("/v2/rewriter/ask-ai", data, { headers });

describe("API key config", () => {
  it("stores provider keys encrypted and returns them only masked", async () => {
    const got = await call("/v2/workspace/apikeyconfig/get", {}, { headers: w.key });
    expect(got.body.result).toEqual({
      status: "success",
      message: "API key metadata retrieved successfully.",
      data: {
        ownerEmail: w.email,
        planInfo: { type: "sdk test" },
        defaultDocumentAccessType: "public",
        isPrivateCommentsEnabled: false,
        requireJwtToken: false,
        requireAutoOrgUser: false,
        aiModelsConfig: {
          anthropic: { displayText: "sk-...def" },
          gemini: { displayText: "AIz...def" },
          openai: { displayText: "sk-...def" },
        },
      },
    });
    const rows = await db().aiProviderKey.findMany({ where: { apiKeyId: w.apiKey } });
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.keyEnc).not.toContain("0123456789");
    expect(JSON.stringify(got.body)).not.toContain("0123456789");
  });

  it("merges settings, echoes what was sent and refuses empty or unknown fields", async () => {
    const other = await newWorkspace();
    const res = await call(
      "/v2/workspace/apikeyconfig/update",
      {
        requireJwtToken: true,
        defaultDocumentAccessType: "restricted",
        aiModelApiKey: [{ provider: "openai", customerApiKey: "sk-other-key-abcdefghijklmnop" }],
      },
      { headers: other.key },
    );
    expect(res.body.result).toEqual({
      status: "success",
      message: "API key configuration updated successfully.",
      data: {
        requireJwtToken: true,
        defaultDocumentAccessType: "restricted",
        aiModelsConfig: { openai: { displayText: "sk-...nop" } },
      },
    });
    const only = await call(
      "/v2/workspace/apikeyconfig/update",
      { enablePrivateComments: true },
      { headers: other.key },
    );
    expect(only.body.result.data).toEqual({ enablePrivateComments: true });
    const got = (await call("/v2/workspace/apikeyconfig/get", {}, { headers: other.key })).body.result.data;
    expect(got).toMatchObject({
      requireJwtToken: true,
      defaultDocumentAccessType: "restricted",
      isPrivateCommentsEnabled: true,
    });
    expect(Object.keys(got.aiModelsConfig)).toEqual(["openai"]);
    for (const bad of [{}, { unknownField: 1 }]) {
      expect((await call("/v2/workspace/apikeyconfig/update", bad, { headers: other.key })).body.error).toEqual({
        status: "INVALID_ARGUMENT",
        message: "At least one field must be provided for update",
      });
    }
    const bogus = await call(
      "/v2/workspace/apikeyconfig/update",
      { aiModelApiKey: [{ provider: "mistral", customerApiKey: "k" }] },
      { headers: other.key },
    );
    expect(bogus.body.error.message).toBe("aiModelApiKey[0].provider must be one of: openai, anthropic, gemini.");
    const fresh = await newWorkspace();
    expect(
      (await call("/v2/workspace/apikeyconfig/get", {}, { headers: fresh.key })).body.result.data.aiModelsConfig,
    ).toBeUndefined();
  });
});

describe("Ask AI", () => {
  it("sends gpt- models to OpenAI Chat Completions with the prompt as system message", async () => {
    const res = await ask({ model: "gpt-4o", prompt: "Fix the grammar.", text: "Their going." });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { success: true, text: "Answer from OpenAI" } });
    const [req] = ai.current.received;
    expect(req.provider).toBe("openai");
    expect(req.headers.authorization).toBe(`Bearer ${KEYS.openai}`);
    expect(req.body.model).toBe("gpt-4o");
    expect(req.body.messages).toEqual([
      { role: "system", content: "Fix the grammar." },
      { role: "user", content: "Their going." },
    ]);
  });

  it("puts the prompt into the single user message for o-series models, bare names included", async () => {
    for (const model of ["o3-mini", "o3", "o1", "o4-mini"]) {
      ai.current.received.length = 0;
      const res = await ask({ model, prompt: "Summarize.", text: "Long text." });
      expect(res.body, model).toEqual({ result: { success: true, text: "Answer from OpenAI" } });
      expect(ai.current.received[0].body.model).toBe(model);
      expect(ai.current.received[0].body.messages).toEqual([{ role: "user", content: "Summarize.\n\nLong text." }]);
    }
  });

  it("sends claude- models to Anthropic Messages with a system prompt", async () => {
    const res = await ask({ model: "claude-sonnet-4-0", prompt: "Be concise.", text: "Hey so I was thinking." });
    expect(res.body).toEqual({ result: { success: true, text: "Answer from Anthropic" } });
    const [req] = ai.current.received;
    expect(req.provider).toBe("anthropic");
    expect(req.headers["x-api-key"]).toBe(KEYS.anthropic);
    expect(req.headers["anthropic-version"]).toBeTruthy();
    expect(req.body.model).toBe("claude-sonnet-4-0");
    expect(req.body.system).toEqual([{ type: "text", text: "Be concise." }]);
    expect(req.body.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Hey so I was thinking." }] }]);
  });

  it("sends gemini- models to Gemini generateContent with a system instruction", async () => {
    const res = await ask({ model: "gemini-2.5-flash", prompt: "Translate to French.", text: "Hello" });
    expect(res.body).toEqual({ result: { success: true, text: "Answer from Gemini" } });
    const [req] = ai.current.received;
    expect(req.provider).toBe("gemini");
    expect(req.path).toBe("/gemini/v1beta/models/gemini-2.5-flash:generateContent");
    expect(req.headers["x-goog-api-key"]).toBe(KEYS.gemini);
    expect(req.body.systemInstruction).toEqual({ parts: [{ text: "Translate to French." }] });
    expect(req.body.contents).toEqual([{ role: "user", parts: [{ text: "Hello" }] }]);
  });

  it("answers in-band when no key is configured for the provider", async () => {
    const fresh = await newWorkspace();
    expect((await ask({ model: "gpt-4o-mini", prompt: "p", text: "t" }, fresh.key)).body).toEqual({
      result: { success: false, error: "No API key configured for provider: OpenAI" },
    });
    expect((await ask({ model: "claude-haiku-4-5", prompt: "p", text: "t" }, fresh.key)).body.result.error).toBe(
      "No API key configured for provider: Anthropic",
    );
    expect((await ask({ model: "gemini-2.5-pro", prompt: "p", text: "t" }, fresh.key)).body.result.error).toBe(
      "No API key configured for provider: Gemini",
    );
    expect(ai.current.received).toHaveLength(0);
  });

  it("refuses unknown models and missing fields with the error envelope", async () => {
    const res = await ask({ model: "llama-3", prompt: "p", text: "t" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        status: "INVALID_ARGUMENT",
        message: "Unsupported model: llama-3. Use a gpt-, o1-, o3-, o4-, claude- or gemini- model.",
      },
    });
    expect((await ask({ model: "o3x", prompt: "p", text: "t" })).status).toBe(400);
    expect((await ask({ model: "gpt-4o", text: "t" })).body.error.message).toBe("prompt is required.");
  });

  it("refuses a model name outside its provider's pattern, naming the field, and calls no provider", async () => {
    ai.current.received.length = 0;
    const cases = [
      ["gemini-x/../../admin", "Gemini"],
      ["gemini-2.5-flash:streamGenerateContent?alt=sse#", "Gemini"],
      ["claude-x/../v1/admin", "Anthropic"],
      ["gpt-4o\n", "OpenAI"],
      ["o3-mini?x=1", "OpenAI"],
    ] as const;
    for (const [model, label] of cases) {
      const res = await ask({ model, prompt: "p", text: "t" });
      expect(res.status, model).toBe(400);
      expect(res.body.error).toEqual({
        status: "INVALID_ARGUMENT",
        message: `model is not a valid ${label} model name (lowercase letters, digits, "." and "-" after the prefix).`,
      });
    }
    expect(ai.current.received).toHaveLength(0);
  });

  const FAMILIES = [
    ["openai", "OpenAI", "gpt-4o"],
    ["anthropic", "Anthropic", "claude-sonnet-4-0"],
    ["gemini", "Gemini", "gemini-2.5-flash"],
  ] as const;

  it("reports a rejected key without repeating it, for every family", async () => {
    for (const [provider, label, model] of FAMILIES) {
      ai.current.behave(provider, { kind: "status", status: 401 });
      const res = await ask({ model, prompt: "p", text: "t" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: {
          success: false,
          error: `${label} rejected the configured API key (HTTP 401). Set a valid key with /v2/workspace/apikeyconfig/update.`,
        },
      });
      expect(JSON.stringify(res.body)).not.toContain(KEYS[provider]);
    }
  });

  it("reports a provider's server error with its message, for every family", async () => {
    for (const [provider, label, model] of FAMILIES) {
      ai.current.behave(provider, { kind: "status", status: 500 });
      const res = await ask({ model, prompt: "p", text: "t" });
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({
        success: false,
        error: `${label} returned HTTP 500 for model ${model}: The server had an error while processing your request (500).`,
      });
    }
    expect(ai.current.received).toHaveLength(3);
  });

  it("gives up on a provider that hangs after WEFT_AI_TIMEOUT_MS", async () => {
    process.env.WEFT_AI_TIMEOUT_MS = "400";
    reloadEnvForTests();
    ai.current.behave("openai", { kind: "hang" });
    const started = Date.now();
    const res = await ask({ model: "gpt-4o", prompt: "p", text: "t" });
    expect(res.body).toEqual({ result: { success: false, error: "OpenAI did not answer within 400 ms." } });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("waits for a provider that answers slowly but within the timeout", async () => {
    process.env.WEFT_AI_TIMEOUT_MS = "5000";
    reloadEnvForTests();
    ai.current.behave("openai", { kind: "slow", text: "Slow but complete", overMs: 1200 });
    const started = Date.now();
    const res = await ask({ model: "gpt-4o", prompt: "p", text: "t" });
    expect(res.body).toEqual({ result: { success: true, text: "Slow but complete" } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it("reports an unreachable provider", async () => {
    process.env.WEFT_OPENAI_BASE_URL = "http://127.0.0.1:9/v1";
    reloadEnvForTests();
    try {
      const res = await ask({ model: "gpt-4o", prompt: "p", text: "t" });
      expect(res.body.result.success).toBe(false);
      expect(res.body.result.error).toMatch(/^Could not reach OpenAI: /);
    } finally {
      process.env.WEFT_OPENAI_BASE_URL = ai.current.baseUrls.openai;
    }
  });
});
