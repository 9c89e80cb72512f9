import { processSlot } from "./process-state";

// What start-up (lib/server, the test harness) resolves once and every module graph of the process reads.
export type DatabaseMode = "embedded" | "postgresql";

export interface Runtime {
  databaseUrl: string;
  databaseMode: DatabaseMode;
  secretKey: Buffer;
  ready: boolean;
}

const holder = processSlot("runtime", () => ({}) as { current?: Runtime });

export function setRuntime(r: Runtime) {
  holder.current = r;
}

export function runtime(): Runtime {
  const r = holder.current;
  if (!r) throw new Error("weft has not started: the database and secret key are not resolved yet");
  return r;
}

export function maybeRuntime(): Runtime | undefined {
  return holder.current;
}
