import pg from "pg";
import { describe, expect, it } from "vitest";
import { transaction } from "@/lib/infra/db";
import {
  MAX_PAYLOAD_BYTES,
  NotifyPayloadTooLarge,
  onReconnect,
  publish,
  publishAll,
  subscribe,
} from "@/lib/infra/notify-bus";
import { useTestDatabase } from "../helpers/api";
import { waitFor } from "../helpers/wait";

// The notify bus's promise: a payload reaches every subscriber of its channel; one published inside a
// transaction arrives only once that transaction commits, never after a rollback. It travels through
// PostgreSQL's LISTEN/NOTIFY, embedded or external alike.

const database = useTestDatabase();

function collect(channel: string) {
  const got: string[] = [];
  const unsubscribe = subscribe(channel, (p) => got.push(p));
  return { got, unsubscribe };
}

describe("notify bus", () => {
  it("delivers a publish without a transaction to every subscriber of the channel, and only to those", async () => {
    const a = collect("test_bus_plain");
    const b = collect("test_bus_plain");
    const other = collect("test_bus_other");
    await publish("test_bus_plain", "hello");
    await publish("test_bus_other", "marker");
    await waitFor(() => a.got.length === 1 && b.got.length === 1 && other.got.length === 1, 5_000, 10);
    expect(a.got).toEqual(["hello"]);
    expect(b.got).toEqual(["hello"]);
    expect(other.got).toEqual(["marker"]);
    a.unsubscribe();
    await publish("test_bus_plain", "second");
    await waitFor(() => b.got.length === 2, 5_000, 10);
    expect(a.got).toEqual(["hello"]);
    b.unsubscribe();
    other.unsubscribe();
  });

  it("delivers a publish inside a transaction after it commits, and never one whose transaction rolled back", async () => {
    const c = collect("test_bus_tx");
    let deliveredBeforeCommit = -1;
    await transaction(async (tx) => {
      await publish("test_bus_tx", "committed", tx);
      await tx.$executeRaw`SELECT pg_sleep(0.2)`;
      deliveredBeforeCommit = c.got.length;
    });
    await transaction(async (tx) => {
      await publish("test_bus_tx", "rolled-back", tx);
      throw new Error("abort");
    }).catch(() => {});
    await publish("test_bus_tx", "after");
    await waitFor(() => c.got.includes("after"), 5_000, 10);
    expect(deliveredBeforeCommit).toBe(0);
    expect(c.got).toEqual(["committed", "after"]);
    c.unsubscribe();
  });

  it("delivers several payloads published together in their order, once each, only when their transaction commits", async () => {
    const c = collect("test_bus_all");
    const payloads = Array.from({ length: 50 }, (_, i) => `update-${i}`);
    await transaction(async (tx) => {
      await publishAll("test_bus_all", payloads.slice(0, 30), tx);
      await publishAll("test_bus_all", ["update-0", ...payloads.slice(30)], tx);
    });
    await transaction(async (tx) => {
      await publishAll("test_bus_all", ["rolled-back-1", "rolled-back-2"], tx);
      throw new Error("abort");
    }).catch(() => {});
    await publishAll("test_bus_all", ["after-1", "after-2"]);
    await waitFor(() => c.got.includes("after-2"), 5_000, 10);
    expect(c.got).toEqual([...payloads, "after-1", "after-2"]);
    await expect(publishAll("test_bus_all", ["small", "x".repeat(MAX_PAYLOAD_BYTES + 1)])).rejects.toThrow(
      NotifyPayloadTooLarge,
    );
    c.unsubscribe();
  });

  it("refuses a payload too large for NOTIFY with a clear error", async () => {
    await expect(publish("test_bus_big", "x".repeat(MAX_PAYLOAD_BYTES + 1))).rejects.toThrow(NotifyPayloadTooLarge);
    await expect(publish("test_bus_big", "é".repeat(MAX_PAYLOAD_BYTES / 2 + 1))).rejects.toThrow(/publish a reference/);
    await expect(publish("test_bus_big", "x".repeat(MAX_PAYLOAD_BYTES))).resolves.toBeUndefined();
  });

  it("reconnects by itself after losing its connection and says so", async () => {
    const c = collect("test_bus_reconnect");
    let reconnects = 0;
    const off = onReconnect(() => reconnects++);
    const admin = new pg.Client({ connectionString: database.current!.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'weft-notify' AND datname = current_database()",
      );
      expect(killed.rowCount).toBe(1);
      await waitFor(() => reconnects === 1, 10_000, 20);
      await publish("test_bus_reconnect", "after-reconnect");
      await waitFor(() => c.got.includes("after-reconnect"), 5_000, 10);
    } finally {
      await admin.end();
      off();
      c.unsubscribe();
    }
  });
});
