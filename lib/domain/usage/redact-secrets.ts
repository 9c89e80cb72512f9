// What the request log may keep of a call's headers and bodies: everything but its secrets. Three nets, so a
// secret caught by none of them would have to be unnamed, unknown to the call and shapeless:
// - by name: header names that carry credentials, and JSON members that hold them (auth tokens, workspace
//   tokens, user JWTs, webhook and provider secrets, the SendGrid key inside `emailServiceConfig`);
// - by value: the credentials the call itself presented (its auth token headers), wherever they reappear;
// - by shape: webhook secrets (`whsec_…`) and JWTs, in any text.
// Pure: the request log's flush calls it before anything is written (tests/console/request-detail.test.ts walks
// every operation that carries a secret).

export const REDACTED = "[redacted]";

const SECRET_HEADER = /token|secret|authorization|cookie|password|signature/i;

/** Members whose value is a secret wherever they appear. */
const SECRET_MEMBERS = new Set(["token", "authToken", "secret", "customerApiKey", "password", "privateKey"]);
/** Members that are secrets inside one parent only (`apiKey` is a key id elsewhere). */
const SECRET_INSIDE: Record<string, string> = { apiKey: "emailServiceConfig" };

const SHAPED_SECRETS = [/whsec_[A-Za-z0-9+/=_-]+/g, /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/g];

/** Headers the server adds for itself, not the caller's. */
const INTERNAL_HEADERS = new Set(["x-weft-client-ip"]);

export type HeaderList = [name: string, value: string][];

/** The values of the request's credential headers: redacted wherever they reappear. */
export function presentedSecrets(headers: HeaderList): string[] {
  return headers.filter(([name, value]) => SECRET_HEADER.test(name) && value.length >= 8).map(([, value]) => value);
}

export function redactHeaders(headers: HeaderList): HeaderList {
  return headers
    .filter(([name]) => !INTERNAL_HEADERS.has(name))
    .map(([name, value]) => [name, SECRET_HEADER.test(name) ? REDACTED : value]);
}

/** Text with the known secrets and secret-shaped strings replaced. */
export function redactText(text: string, known: readonly string[]): string {
  let out = text;
  for (const secret of known) out = out.replaceAll(secret, REDACTED);
  for (const shape of SHAPED_SECRETS) out = out.replace(shape, REDACTED);
  return out;
}

function redactValue(value: unknown, parent: string | undefined, known: readonly string[]): unknown {
  if (typeof value === "string") return redactText(value, known);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, parent, known));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, member] of Object.entries(value)) {
    out[key] =
      isSecretMember(key, parent) && typeof member === "string" && member !== ""
        ? REDACTED
        : redactValue(member, key, known);
  }
  return out;
}

/**
 * A value as a role that sees no secrets is shown: every member that holds a credential, and every secret-shaped
 * string, replaced by REDACTED; plain objects stay plain (React hands them to client components), dates stay.
 */
export function redactSecretMembers<T>(value: T, parent?: string): T {
  if (typeof value === "string") return redactText(value, []) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactSecretMembers(v, parent)) as T;
  if (typeof value !== "object" || value === null || value instanceof Date) return value;
  // Object.fromEntries defines members, so a `__proto__` member stays a member.
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      isSecretMember(key, parent) && typeof member === "string" && member !== ""
        ? REDACTED
        : redactSecretMembers(member, key),
    ]),
  ) as T;
}

const isSecretMember = (key: string, parent: string | undefined) =>
  SECRET_MEMBERS.has(key) || (parent !== undefined && SECRET_INSIDE[key] === parent);

/** A body with its secrets replaced by REDACTED: JSON member by member, any other text by value and shape. */
export function redactBody(text: string, known: readonly string[]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return redactText(text, known);
  }
  // Stringified again, then swept by value too: a secret inside a key name or a number-like string is caught.
  return redactText(JSON.stringify(redactValue(parsed, undefined, known)), known);
}
