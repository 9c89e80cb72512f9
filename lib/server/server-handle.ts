import type { ApiFastPath } from "@/lib/api/node-handler";
import { processSlot } from "@/lib/infra/process-state";
import type { LiveHandle } from "@/lib/live/live-handle";
import type { StopOptions } from "./start-weft";

/**
 * What server.mjs (plain Node, outside Next) and start-up (inside Next's instrumentation) share: the `server`
 * slot of `globalThis.__weft` (lib/infra/process-state.ts). server.mjs sets `ownsSignals` before it loads
 * Next, waits for `ready` before it opens the port, then hands registry POSTs to `api`, `/live` upgrades to
 * `live`, and calls `stop` after draining HTTP on SIGTERM. Keep server.mjs's reads in step with this type.
 */
export interface ServerHandle {
  /** server.mjs handles SIGTERM/SIGINT and calls `stop`; without it (`next dev`) start-up handles them. */
  ownsSignals?: boolean;
  /** Start-up has finished; set once, after everything below. */
  ready?: boolean;
  /** Registry POSTs answered without Next's router (lib/api/node-handler.ts). */
  api?: ApiFastPath;
  /** `/live` WebSocket upgrades (lib/live). */
  live?: Pick<LiveHandle, "handleUpgrade">;
  stop?(opts: StopOptions): Promise<void>;
  /** Start-up has begun in this process (instrumentation may be imported more than once). */
  booted?: boolean;
}

export const serverHandle = (): ServerHandle => processSlot<ServerHandle>("server", () => ({}));
