import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { canRun, freshDatabase, post, startServer, stopAllServers } from "./support";

// A client that trickles its headers is cut off after WEFT_HEADERS_TIMEOUT_MS, and meanwhile everyone else
// is served as usual.

afterAll(async () => {
  await stopAllServers();
});

/** Opens a socket, sends the first header line only, and resolves with what the server sent and when it closed. */
function trickle(port: number): Promise<{ received: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = "";
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write("POST /v2/workspace/get HTTP/1.1\r\nHost: 127.0.0.1\r\n"),
    );
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve({ received, closedAfterMs: Date.now() - started }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error("the server kept a slow client's socket open for 20 s"));
    }, 20_000);
  });
}

describe.runIf(canRun)("slow clients", () => {
  it("are answered 408 and disconnected when their headers do not arrive in time", async () => {
    const server = await startServer(await freshDatabase(), { WEFT_HEADERS_TIMEOUT_MS: "2000" });
    const slowStarted = Date.now();
    const slow = Array.from({ length: 20 }, () => trickle(server.port));
    const others = await Promise.all(Array.from({ length: 10 }, () => post(server.base, "/v2/workspace/get", {})));
    const othersServedAfterMs = Date.now() - slowStarted;
    for (const r of others) expect(r.body.error.status).toBe("PERMISSION_DENIED");
    for (const r of await Promise.all(slow)) {
      expect(r.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(r.closedAfterMs).toBeGreaterThanOrEqual(1900);
      expect(r.closedAfterMs).toBeLessThan(10_000); // Node's default would keep it up to 30 s longer
      expect(othersServedAfterMs).toBeLessThan(r.closedAfterMs);
    }
  });
});
