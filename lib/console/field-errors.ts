import type { z } from "zod";
import { formatPath, issueMessage } from "@/lib/api/validation";

// Form errors as sentences at the field they are about. The schemas word a failure for API callers, with the
// field's path ("aiModelApiKey[0].customerApiKey must not be empty."); a form names each input by its label
// instead ("Provider API key must not be empty.") and shows the sentence under that input. What no input of
// the form stands for stays a form-level message. No server imports: client components use it.

/** The form's inputs by the path their value has in the schema: `{ "aiModelApiKey[0].customerApiKey": "Provider API key" }`. */
export type FieldLabels = Readonly<Record<string, string>>;

export interface FormErrors {
  /** By path (a key of the form's FieldLabels). */
  fields: Readonly<Record<string, string>>;
  form: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, form: null };

const PATH = "{path}";

/** The input a message is about: a labelled path the message starts with (the longest, so `a.b` wins over `a`). */
function labelledPathOf(message: string, labels: FieldLabels): string | undefined {
  return Object.keys(labels)
    .filter((path) => message.startsWith(`${path} `))
    .sort((a, b) => b.length - a.length)[0];
}

/** A message that starts with a labelled path, reworded to start with the label. */
export function humanize(message: string, labels: FieldLabels): string {
  const path = labelledPathOf(message, labels);
  return path === undefined ? message : `${labels[path]}${message.slice(path.length)}`;
}

/** Validates the form's value with the schema; every failing labelled input gets its sentence. */
export function checkForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
  labels: FieldLabels,
): { ok: true; data: z.output<S> } | { ok: false; errors: FormErrors } {
  const parsed = schema.safeParse(value, { error: issueMessage });
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: Record<string, string> = {};
  let form: string | null = null;
  for (const issue of parsed.error.issues) {
    const path = formatPath(issue.path);
    const label = labels[path];
    if (label !== undefined) fields[path] ??= issue.message.replaceAll(PATH, label);
    else form ??= humanize(issue.message.replaceAll(PATH, issue.path.length ? path : ""), labels);
  }
  return { ok: false, errors: { fields, form: Object.keys(fields).length ? form : (form ?? "Check the form.") } };
}

/** The input field a router refusal is about (`error.data.field`, lib/console/router/errors.ts), if any. */
export function errorField(error: unknown): string | undefined {
  const field = (error as { data?: { field?: unknown } } | null)?.data?.field;
  return typeof field === "string" ? field : undefined;
}

/** A refusal from the server: at the input it names (by its message or the field it reports), else the form's. */
export function serverErrors(message: string, field: string | undefined, labels: FieldLabels): FormErrors {
  const path = labelledPathOf(message, labels);
  if (path !== undefined) return { fields: { [path]: humanize(message, labels) }, form: null };
  if (field !== undefined && labels[field] !== undefined) return { fields: { [field]: message }, form: null };
  return { fields: {}, form: message };
}
