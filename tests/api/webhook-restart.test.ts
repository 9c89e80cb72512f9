import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveryWorker } from "@/lib/server/workers/webhook-delivery";
import { reloadEnvForTests } from "@/lib/infra/env";
import { runtime } from "@/lib/infra/runtime";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";
import { emitEvent } from "../helpers/emit-event";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";
import { startReceiver } from "../helpers/webhook-receiver";
import { waitFor } from "../helpers/wait";

// Deliveries are rows in the database, not promises in a process: a server killed (SIGKILL) in the middle
// of a retry schedule leaves them due, and the next server process delivers them. Two server processes on
// one database never deliver one attempt twice.

process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
reloadEnvForTests();

const db = useTestDatabase();
const servers: ServerProcess[] = [];

beforeAll(async () => {
  // Only the separate server processes deliver in this file.
  await webhookDeliveryWorker.stop();
});

afterAll(async () => {
  // A graceful stop: a process killed inside a transaction would leave the embedded database waiting for it.
  await Promise.all(servers.map((s) => s.kill("SIGTERM")));
});

async function server() {
  const s = await startServerProcess({
    DATABASE_URL: db.current!.url,
    WEFT_SECRET_KEY: runtime().secretKey.toString("hex"),
    WEFT_ALLOW_PRIVATE_URLS: "true",
    WEFT_WEBHOOK_RETRY_SCALE: "0.001",
    // The embedded test database serves at most 20 connections: keep each process's pools small.
    ...(db.current!.mode === "embedded" && { DATABASE_POOL_MAX: "2" }),
  });
  servers.push(s);
  return s;
}

async function enabledEndpoint() {
  const w = await newWorkspace();
  const api = asKey(w);
  await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
  const r = await startReceiver();
  const ep = (await api("/v2/workspace/advancedwebhook/endpoints/create", { url: r.url })).body.result.data;
  r.setSecrets([
    (await api("/v2/workspace/advancedwebhook/endpoints/secret/get", { endpointId: ep.id })).body.result.data.secret,
  ]);
  return { w, api, r, ep };
}

describe("delivery across server processes", () => {
  it("still delivers when the server is killed mid-schedule and started again", async () => {
    const { w, api, r, ep } = await enabledEndpoint();
    r.setRespond(() => ({ status: 503 }));
    const first = await server();
    await emitEvent(w.apiKey);
    const attempts = async () =>
      (await api("/v2/workspace/advancedwebhook/attempts/get", { endpointId: ep.id })).body.result.data.attempts;
    await waitFor(async () => (await attempts()).length >= 3, 20_000, 50);
    await first.kill("SIGKILL");
    r.setRespond(undefined);
    const failedBefore = (await attempts()).length;
    await server();
    await waitFor(() => r.received.length === 1, 30_000);
    await waitFor(async () => (await attempts())[0]?.status === "success");
    await new Promise((res) => setTimeout(res, 2000));
    expect(r.received).toHaveLength(1);
    const log = await attempts();
    expect(log[0].status).toBe("success");
    expect(log.filter((a: { status: string }) => a.status === "failed")).toHaveLength(failedBefore);
    await r.close();
  }, 120_000);

  it("never delivers one attempt twice with two server processes on one database", async () => {
    const { w, r } = await enabledEndpoint();
    if (servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null).length < 2) await server();
    for (let i = 0; i < 200; i++) await emitEvent(w.apiKey, { data: { n: i } });
    await waitFor(() => r.received.length >= 200, 60_000, 200);
    await new Promise((res) => setTimeout(res, 1500));
    expect(r.received).toHaveLength(200);
    expect(new Set(r.received.map((x) => x.headers["webhook-id"])).size).toBe(200);
    await r.close();
  }, 120_000);
});
