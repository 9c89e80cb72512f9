import type { z } from "zod";
import { firstIssueMessage, issueMessage } from "@/lib/api/validation";

// Parses with a domain schema and words a failure the way the REST API does ("ownerEmail must be a valid
// email address."). The browser (before sending a form) and the server actions both use it.

export type Checked<T> = { ok: true; data: T } | { ok: false; error: string; field?: string };

export function check<S extends z.ZodType>(schema: S, value: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(value, { error: issueMessage });
  if (parsed.success) return { ok: true, data: parsed.data };
  const first = parsed.error.issues[0]?.path[0];
  return { ok: false, error: firstIssueMessage(parsed.error), field: typeof first === "string" ? first : undefined };
}
