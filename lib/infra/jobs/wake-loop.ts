import { errorFields, log } from "../log";
import { onReconnect, subscribe } from "../notify-bus";

// The one way a worker waits: it runs `tick` again when woken (a notification on one of its channels, published
// in the transaction that created the work; or a local wake, such as a finished attempt freeing a slot), when the
// next piece of work it knows of falls due, and otherwise every SWEEP_MS as a fallback sweep. Nothing polls faster.

export const SWEEP_MS = 5_000;

export type TickResult =
  /** Work was found: tick again at once. */
  | { busy: true }
  /**
   * Nothing this worker can take now; `nextDueInMs` says when the earliest work it could take falls due
   * (undefined: none known). Work that is due but waits for a free slot is not reported: the slot's release wakes.
   */
  | { busy: false; nextDueInMs?: number };

export interface WakeLoop {
  wake(): void;
  stop(): Promise<void>;
}

export function startWakeLoop(opts: { name: string; channels: string[]; tick: () => Promise<TickResult> }): WakeLoop {
  let running = true;
  let woken = false;
  let interrupt: (() => void) | undefined;

  const wake = () => {
    woken = true;
    interrupt?.();
  };
  const unsubscribes = [...opts.channels.map((c) => subscribe(c, wake)), onReconnect(wake)];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        interrupt = undefined;
        resolve();
      }
      interrupt = done;
    });

  const loop = (async () => {
    while (running) {
      woken = false;
      let result: TickResult = { busy: false };
      try {
        result = await opts.tick();
      } catch (e) {
        if (running) log.warn(`${opts.name} failed; it tries again at the next wake or sweep`, errorFields(e));
      }
      if (!running) break;
      if (result.busy || woken) continue;
      // Due already but not taken: another process holds it for a moment (its claim or dispatch); look again shortly.
      await sleep(Math.min(SWEEP_MS, Math.max(50, result.nextDueInMs ?? SWEEP_MS)));
    }
  })();

  return {
    wake,
    async stop() {
      running = false;
      for (const unsubscribe of unsubscribes) unsubscribe();
      interrupt?.();
      await loop;
    },
  };
}
