import type { z } from "zod";
import { firstIssueMessage, issueMessage } from "@/lib/api/validation";
import { db, type Reader } from "@/lib/infra/db";
import { startWeft } from "@/lib/server/start-weft";
import { UsageError } from "./options";

// Runs one operator operation: validates its input with the domain's schema, starts weft as the CLI (joining
// a running server's embedded database through the data dir's server.json, or opening the dir itself, or
// DATABASE_URL), and prints the result as JSON on stdout. stop() always runs: it releases the data dir.

/** Parses with the domain's schema; a failure names the CLI flag instead of the field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  flagNames: Record<string, string>,
): z.output<S> {
  const parsed = schema.safeParse(input, { error: issueMessage });
  if (parsed.success) return parsed.data;
  const iss = parsed.error.issues[0];
  const field = typeof iss?.path[0] === "string" ? iss.path[0] : undefined;
  let message = firstIssueMessage(parsed.error);
  if (field && flagNames[field] && message.startsWith(field)) message = flagNames[field] + message.slice(field.length);
  throw new UsageError(message);
}

export async function withDatabase<T>(fn: (db: Reader) => Promise<T>): Promise<T> {
  const started = await startWeft({ role: "cli", join: true });
  try {
    return await fn(db());
  } finally {
    await started.stop();
  }
}

export function printJson(value: unknown): Promise<void> {
  return new Promise((resolve, reject) =>
    process.stdout.write(JSON.stringify(value, null, 2) + "\n", (err) => (err ? reject(err) : resolve())),
  );
}
