import { format } from "node:util";
import { env } from "./env";

// One JSON line per event on stdout/stderr. Callers pass no secrets: tokens, keys and bodies are never logged.
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** False when WEFT_LOG_LEVEL drops `level`: hot paths skip building the fields of a line nobody writes. */
export function logEnabled(level: Level): boolean {
  return order[level] >= order[env().WEFT_LOG_LEVEL];
}

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (!logEnabled(level)) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};

export function errorFields(e: unknown): Record<string, unknown> {
  return e instanceof Error ? { error: e.message, stack: e.stack } : { error: String(e) };
}

/**
 * Until the returned restore runs, console.error and console.warn write logger lines. Libraries print with
 * them (Hocuspocus prints live document names raw, with their newlines); as JSON no printed text can start
 * a line of its own. Node has no console per module, so this holds for the whole process.
 */
export function routeConsoleToLog(): () => void {
  const { error, warn } = console;
  console.error = (...args: unknown[]) => write("error", format(...args));
  console.warn = (...args: unknown[]) => write("warn", format(...args));
  return () => Object.assign(console, { error, warn });
}
