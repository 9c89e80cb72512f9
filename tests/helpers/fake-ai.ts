import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { reloadEnvForTests } from "@/lib/infra/env";
import { call } from "./api";

// Local stand-ins for the three provider families, each speaking its real wire protocol:
//   OpenAI Chat Completions   POST /openai/v1/chat/completions              Authorization: Bearer <key>
//   Anthropic Messages        POST /anthropic/v1/messages                   x-api-key: <key>
//   Gemini generateContent    POST /gemini/v1beta/models/<model>:generateContent   x-goog-api-key: <key>
// Each records what it received; `behave` makes the next answers fail, hang or arrive slowly.

export type FakeProvider = "openai" | "anthropic" | "gemini";

export interface ReceivedAiRequest {
  provider: FakeProvider;
  path: string;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export type Behaviour =
  | { kind: "answer"; text: string }
  | { kind: "status"; status: number; message?: string }
  | { kind: "hang" }
  | { kind: "slow"; text: string; overMs: number };

const ROUTES: [FakeProvider, RegExp][] = [
  ["openai", /^\/openai\/v1\/chat\/completions$/],
  ["anthropic", /^\/anthropic\/v1\/messages$/],
  ["gemini", /^\/gemini\/v1beta\/models\/([^/:]+):generateContent$/],
];

function keyOf(provider: FakeProvider, headers: IncomingHttpHeaders): string | undefined {
  if (provider === "openai") return headers.authorization?.replace(/^Bearer /, "");
  if (provider === "anthropic") return headers["x-api-key"] as string | undefined;
  return headers["x-goog-api-key"] as string | undefined;
}

function successBody(provider: FakeProvider, model: string, text: string) {
  if (provider === "openai") {
    return {
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: text, refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
    };
  }
  if (provider === "anthropic") {
    return {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model,
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 5 },
    };
  }
  return {
    candidates: [{ content: { parts: [{ text }], role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 },
    modelVersion: model,
  };
}

function errorBody(provider: FakeProvider, status: number, key: string | undefined, text?: string) {
  const message =
    text ??
    (status === 401
      ? `Incorrect API key provided: ${key}.`
      : `The server had an error while processing your request (${status}).`);
  if (provider === "openai")
    return {
      error: {
        message,
        type: status === 401 ? "invalid_request_error" : "server_error",
        param: null,
        code: status === 401 ? "invalid_api_key" : null,
      },
    };
  if (provider === "anthropic")
    return { type: "error", error: { type: status === 401 ? "authentication_error" : "api_error", message } };
  return { error: { code: status, message, status: status === 401 ? "UNAUTHENTICATED" : "INTERNAL" } };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

export async function startFakeAi() {
  const received: ReceivedAiRequest[] = [];
  const answers = (): Record<FakeProvider, Behaviour> => ({
    openai: { kind: "answer", text: "Answer from OpenAI" },
    anthropic: { kind: "answer", text: "Answer from Anthropic" },
    gemini: { kind: "answer", text: "Answer from Gemini" },
  });
  const behaviour = answers();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const route = ROUTES.find(([, re]) => re.test(req.url ?? ""));
      if (req.method !== "POST" || !route) return send(res, 404, { error: { message: "not found" } });
      const [provider, re] = route;
      const body = JSON.parse(raw);
      received.push({ provider, path: req.url ?? "", headers: req.headers, body });
      const model = provider === "gemini" ? (re.exec(req.url ?? "")?.[1] ?? "") : body.model;
      const b = behaviour[provider];
      if (b.kind === "hang") return; // never answers; closed with the server
      if (b.kind === "status")
        return send(res, b.status, errorBody(provider, b.status, keyOf(provider, req.headers), b.message));
      if (b.kind === "answer") return send(res, 200, successBody(provider, model, b.text));
      // Slow: headers at once, then the body in pieces over `overMs`.
      const text = JSON.stringify(successBody(provider, model, b.text));
      res.writeHead(200, { "content-type": "application/json" });
      const pieces = 5;
      const size = Math.ceil(text.length / pieces);
      let i = 0;
      const timer = setInterval(() => {
        res.write(text.slice(i * size, (i + 1) * size));
        if (++i === pieces) {
          clearInterval(timer);
          res.end();
        }
      }, b.overMs / pieces);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** Values for WEFT_OPENAI_BASE_URL, WEFT_ANTHROPIC_BASE_URL and WEFT_GEMINI_BASE_URL. */
    baseUrls: { openai: `${url}/openai/v1`, anthropic: `${url}/anthropic/v1`, gemini: `${url}/gemini/v1beta` },
    received,
    behave(provider: FakeProvider, b: Behaviour) {
      behaviour[provider] = b;
    },
    /** Forgets what was received; every provider answers normally again. */
    reset() {
      received.length = 0;
      Object.assign(behaviour, answers());
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export type FakeAi = Awaited<ReturnType<typeof startFakeAi>>;

/** Starts a fake for this test file with weft's providers pointed at it; undone after the file. */
export function useFakeAi(): { current: FakeAi } {
  const holder = {} as { current: FakeAi };
  beforeAll(async () => {
    holder.current = await startFakeAi();
    process.env.WEFT_OPENAI_BASE_URL = holder.current.baseUrls.openai;
    process.env.WEFT_ANTHROPIC_BASE_URL = holder.current.baseUrls.anthropic;
    process.env.WEFT_GEMINI_BASE_URL = holder.current.baseUrls.gemini;
    reloadEnvForTests();
  });
  afterAll(async () => {
    for (const name of [
      "WEFT_OPENAI_BASE_URL",
      "WEFT_ANTHROPIC_BASE_URL",
      "WEFT_GEMINI_BASE_URL",
      "WEFT_AI_TIMEOUT_MS",
    ])
      delete process.env[name];
    reloadEnvForTests();
    await holder.current?.close();
  });
  return holder;
}

/** Configures the API key's own provider keys through the API. */
export async function setProviderKeys(headers: Record<string, string>, keys: Partial<Record<FakeProvider, string>>) {
  const aiModelApiKey = Object.entries(keys).map(([provider, customerApiKey]) => ({ provider, customerApiKey }));
  const res = await call("/v2/workspace/apikeyconfig/update", { aiModelApiKey }, { headers });
  if (res.status !== 200) throw new Error(`apikeyconfig/update failed: ${JSON.stringify(res.body)}`);
}
