import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startWakeLoop, SWEEP_MS, type TickResult, type WakeLoop } from "./wake-loop";

// How a worker waits: a timer for the next due item, a wake, and otherwise a sweep every SWEEP_MS, never faster.

let loop: WakeLoop | undefined;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  const stopping = loop?.stop();
  await vi.runOnlyPendingTimersAsync();
  await stopping;
  loop = undefined;
  vi.useRealTimers();
});

function counting(results: (n: number) => TickResult) {
  const state = { ticks: 0 };
  loop = startWakeLoop({
    name: "test loop",
    channels: [],
    tick: async () => results(++state.ticks),
  });
  return state;
}

describe("wake loop", () => {
  it("sweeps every SWEEP_MS (5 s) when idle with nothing due", async () => {
    const state = counting(() => ({ busy: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.ticks).toBe(1);
    expect(SWEEP_MS).toBe(5_000);
    await vi.advanceTimersByTimeAsync(SWEEP_MS - 1);
    expect(state.ticks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.ticks).toBe(2);
  });

  it("ticks again when the next item falls due, and at once while busy", async () => {
    const state = counting((n) => (n === 1 ? { busy: true } : { busy: false, nextDueInMs: 300 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.ticks).toBe(2);
    await vi.advanceTimersByTimeAsync(299);
    expect(state.ticks).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.ticks).toBe(3);
  });

  it("wakes at once when woken, and waits no longer than the sweep for a far-off item", async () => {
    const state = counting(() => ({ busy: false, nextDueInMs: 3_600_000 }));
    await vi.advanceTimersByTimeAsync(0);
    loop!.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.ticks).toBe(2);
    await vi.advanceTimersByTimeAsync(SWEEP_MS);
    expect(state.ticks).toBe(3);
  });
});
