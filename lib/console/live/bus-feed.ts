import { listening, onReconnect, subscribe } from "@/lib/infra/notify-bus";

// A subscription's source: the notify bus payloads of `channels` that concern its subscriber, as an async
// iterable that ends when `signal` aborts (the browser went away). It listens from the moment it is opened: a
// subscription opens it, awaits `ready` (the bus is listening on every instance's notifications), then reads
// the current state, and so misses nothing in between; payloads are queued while the subscriber is busy. When the bus reconnects after a loss, RESYNC is queued: what was published
// meanwhile is gone, so the subscriber reads again.

export const RESYNC = Symbol("resync");

export type BusFeed = AsyncGenerator<string | typeof RESYNC> & { ready: Promise<void> };

export function busFeed(
  channels: readonly string[],
  matches: (payload: string, channel: string) => boolean,
  signal: AbortSignal | undefined,
): BusFeed {
  const queue: (string | typeof RESYNC)[] = [];
  let wake: (() => void) | undefined;
  const push = (item: string | typeof RESYNC) => {
    queue.push(item);
    wake?.();
  };
  const stops = channels.map((channel) =>
    subscribe(channel, (payload) => {
      if (matches(payload, channel)) push(payload);
    }),
  );
  stops.push(onReconnect(() => push(RESYNC)));
  const close = () => {
    for (const stop of stops.splice(0)) stop();
    wake?.();
  };
  signal?.addEventListener("abort", close, { once: true });
  const feed = (async function* () {
    try {
      while (!signal?.aborted && stops.length) {
        const next = queue.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      signal?.removeEventListener("abort", close);
      close();
    }
  })();
  return Object.assign(feed, { ready: Promise.all(channels.map(listening)).then(() => undefined) });
}
