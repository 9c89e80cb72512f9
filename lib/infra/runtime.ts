// State that start-up (instrumentation, the CLI, the test harness) resolves once and every bundle of the
// same process reads: Next compiles route handlers and instrumentation into separate module graphs, so it
// lives on globalThis rather than in module scope.
export type DatabaseMode = "embedded" | "postgresql";

export interface Runtime {
  databaseUrl: string;
  databaseMode: DatabaseMode;
  secretKey: Buffer;
  ready: boolean;
}

const holder = globalThis as unknown as { __weftRuntime?: Runtime };

export function setRuntime(r: Runtime) {
  holder.__weftRuntime = r;
}

export function runtime(): Runtime {
  const r = holder.__weftRuntime;
  if (!r) throw new Error("weft has not started: the database and secret key are not resolved yet");
  return r;
}

export function maybeRuntime(): Runtime | undefined {
  return holder.__weftRuntime;
}
