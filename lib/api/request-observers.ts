import type { RawExchange } from "@/lib/domain/usage/kept-exchange";
import { processSlot } from "@/lib/infra/process-state";

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
  /** The API key id the request's headers named when it was refused before a key was known (unknown key). */
  claimedApiKey?: string;
  /** The path of an input field that failed validation (`users[2].userId`). */
  errorField?: string;
  clientIp?: string;
  /** The call itself, as received and answered (raw: secrets in it are redacted before anything stores it). */
  exchange?: RawExchange;
}

type Observer = (request: ObservedRequest) => void;

// Process-wide: route handlers and start-up's module graph (which also serves API calls, node-handler.ts) both
// answer calls, and an observer must see the calls of both.
const observers = processSlot("requestObservers", () => new Set<Observer>());

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
