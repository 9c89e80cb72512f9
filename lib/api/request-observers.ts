// What happened to each API call, once it is answered: metrics, the JSON request log line and the console's
// request log all subscribe here, so the dispatcher has one place to report to. Observers run synchronously
// on the hot path: they must only count or buffer, never wait for I/O.

export interface ObservedRequest {
  /** The registry path (`/v2/workspace/get`), or "unknown" for a path outside the registry. */
  operation: string;
  httpStatus: number;
  /** The envelope's status string on failure (`INVALID_ARGUMENT`, ...). */
  errorStatus?: string;
  durationMs: number;
  requestId: string;
  workspaceId?: string;
  apiKeyId?: string;
}

type Observer = (request: ObservedRequest) => void;

// On globalThis: start-up (instrumentation) subscribes, and Next compiles the route handlers that report into a
// separate module graph with its own copy of this file.
const holder = globalThis as unknown as { __weftRequestObservers?: Set<Observer> };
const observers = (holder.__weftRequestObservers ??= new Set<Observer>());

/** Calls `observer` for every answered API call from now on; returns the unsubscribe. */
export function observeRequests(observer: Observer): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

export function reportRequest(request: ObservedRequest) {
  for (const observer of observers) {
    try {
      observer(request);
    } catch {
      // An observer's bug must not fail the call it observes.
    }
  }
}
