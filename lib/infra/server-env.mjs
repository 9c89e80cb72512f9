import { z } from "zod";

// The configuration server.mjs needs before Next (and with it lib/infra/env.ts) is loaded. Plain JavaScript
// because server.mjs runs outside the bundle; lib/infra/env.ts builds its schema from these fields and
// reads the environment through readEnv, so every variable is validated by one schema, read in one place.

export class EnvError extends Error {}

/** A boolean variable: true/false, 1/0 or on/off; `fallback` when unset. */
export const flag = (/** @type {boolean} */ fallback) =>
  z
    .enum(["true", "false", "1", "0", "on", "off"])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true" || v === "1" || v === "on"));

export const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

export const serverEnvFields = {
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOSTNAME: z.string().min(1).optional(),
  WEFT_PUBLIC_URL: optionalUrl,
  WEFT_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(15_000),
  WEFT_SKIP_BUILD: flag(false),
  /** How long SIGTERM/SIGINT waits for in-flight requests and jobs before closing the database. */
  WEFT_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
};

/**
 * The variables `schema` names, parsed from the environment (an empty value counts as unset).
 * @template {z.ZodObject} S
 * @param {S} schema
 * @param {Record<string, string | undefined>} [source]
 * @returns {z.output<S>}
 * @throws {EnvError} naming every bad variable
 */
export function readEnv(schema, source = process.env) {
  const raw = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, source[k] === "" ? undefined : source[k]]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  return parsed.data;
}

export const serverEnv = () => readEnv(z.object(serverEnvFields));
