import { randomBytes } from "node:crypto";
import { JsonText } from "@/lib/domain/json-text";
import type { Endpoint } from "./define-endpoint";

// What an operation produced, shaped for the reply: through the endpoint's output schema (which strips undeclared
// fields), unless it carries JsonText, which its store wrote exactly to that schema (lib/domain/json-text.ts).
// Then serialised once, with JsonText spliced in as it is.

/** Whether `value` is JsonText or an object with a JsonText member (where operations put them). */
export const holdsJsonText = (value: unknown) =>
  value instanceof JsonText ||
  (typeof value === "object" && value !== null && Object.values(value).some((v) => v instanceof JsonText));

export function shapeOutput(endpoint: Endpoint, produced: unknown): unknown {
  return holdsJsonText(produced) ? produced : endpoint.output.parse(produced);
}

// A placeholder no client string can equal: JSON.stringify writes the NULs as \u0000, and the nonce is secret.
const NONCE = randomBytes(12).toString("hex");
const placeholder = (i: number) => `\u0000${NONCE}:${i}\u0000`;
const quoted = (i: number) => JSON.stringify(placeholder(i));

/** JSON.stringify of an object in which JsonText members (found by holdsJsonText) are written as their text. */
export function stringifyReply(value: Record<string, unknown>): string {
  // A replacer function takes JSON.stringify off its fast path: only replies that carry JsonText pay for it.
  if (!holdsJsonText(value)) return JSON.stringify(value);
  const parts: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof JsonText)) return v;
    parts.push(v.text);
    return placeholder(parts.length - 1);
  });
  let out = text;
  for (let i = 0; i < parts.length; i++) out = out.replace(quoted(i), () => parts[i]);
  return out;
}
