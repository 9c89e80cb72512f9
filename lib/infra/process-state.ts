// The one global of weft, `globalThis.__weft`. Next compiles instrumentation (start-up, the workers, the API
// fast path) and the route handlers into separate module graphs of one Node process, so a module-level
// variable exists once per graph. State that both graphs must see lives here instead, one slot per owner:
//   server            the handle server.mjs and start-up share (lib/server/server-handle.ts)
//   runtime           database URL, mode and secret key resolved at start-up (runtime.ts)
//   prisma            the one client and its pool (db.ts)
//   commitHooks       the after-commit hooks of its open transactions (db.ts)
//   notifyBus         the bus's listeners (notify-bus.ts)
//   credentials       verified credentials and whether changes are watched (credential-cache.ts)
//   metrics           the Prometheus registry (metrics/registry.ts)
//   liveConnections   how the registry counts open live connections (metrics/scrape-gauges.ts)
//   requestObservers  who hears of every answered API call (lib/api/request-observers.ts)
//   requestLog        the request log's buffer (lib/domain/usage/request-log-writer.ts)
//   live              the running live server (lib/live/live-handle.ts)
// Everything else (the workers, the live server's internals) lives in the start-up graph only.

export type ProcessSlot =
  | "server"
  | "runtime"
  | "prisma"
  | "commitHooks"
  | "notifyBus"
  | "credentials"
  | "metrics"
  | "liveConnections"
  | "requestObservers"
  | "requestLog"
  | "live";

const slots = ((globalThis as unknown as { __weft?: Partial<Record<ProcessSlot, unknown>> }).__weft ??= {});

/** The process-wide value of `slot`, made by `create` the first time any module graph asks for it. */
export function processSlot<T>(slot: ProcessSlot, create: () => T): T {
  return (slots[slot] ??= create()) as T;
}
