import { beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port";
import { Scrape } from "../helpers/prometheus";
import { waitFor } from "../helpers/wait";
import { connect, databaseEnv, docName, newTenant, startServer, synced, type LiveServer } from "./live-support";

// weft_live_connections follows the open live sockets of the process.

let server: LiveServer;

let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  // Scraped as a Prometheus on this machine does: the loopback metrics port, no token.
  server = await startServer({ ...(await databaseEnv("weft_live_metrics")), WEFT_METRICS_PORT: String(metricsPort) });
}, 120_000);

async function liveConnections(): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
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
