import { beforeAll, describe, expect, it } from "vitest";
import { Scrape } from "../helpers/prometheus";
import { waitFor } from "../helpers/wait";
import { connect, databaseEnv, docName, newTenant, startServer, synced, type LiveServer } from "./live-support";

// weft_live_connections follows the open live sockets of the process.

let server: LiveServer;

beforeAll(async () => {
  server = await startServer(await databaseEnv("weft_live_metrics"));
}, 120_000);

async function liveConnections(): Promise<number> {
  const res = await fetch(`${server.base}/api/metrics`);
  expect(res.status).toBe(200);
  return new Scrape(await res.text()).value("weft_live_connections");
}

describe("live connections gauge", () => {
  it("counts open sockets and drops them once closed", async () => {
    const t = await newTenant(server.base);
    expect(await liveConnections()).toBe(0);
    const name = (doc: string) => docName(t.apiKey, "org", doc, "ed");
    const a = connect(server.wsUrl, name("doc-1"), t.serviceToken);
    const b = connect(server.wsUrl, name("doc-2"), t.serviceToken);
    await Promise.all([synced(a), synced(b)]);
    expect(await liveConnections()).toBe(2);
    a.destroy();
    await waitFor(async () => (await liveConnections()) === 1);
    b.destroy();
    await waitFor(async () => (await liveConnections()) === 0);
  });
});
