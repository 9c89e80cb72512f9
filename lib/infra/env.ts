import proxyaddr from "proxy-addr";
import { z } from "zod";
import { flag, optionalUrl, readEnv, serverEnvFields } from "./server-env.mjs";

// The only reader of process.env (through readEnv, shared with server.mjs, which runs outside the bundle).
// Parsed once, validated with zod; a bad value stops start-up with a message naming the variable.

const rate = z
  .string()
  .regex(/^\d+\/\d+$/, "must look like <count>/<seconds>, e.g. 10/3600")
  .transform((v) => {
    const [count, seconds] = v.split("/").map(Number);
    return { count, seconds };
  })
  .refine((r) => r.count > 0 && r.seconds > 0, "count and seconds must be positive");

/**
 * WEFT_TRUST_PROXY: unset/false (the socket's address is the client's), a number of proxy hops in front of weft
 * (`true` = 1), or the proxies' addresses (IPs, CIDRs, `loopback`, `linklocal`, `uniquelocal`, comma-separated).
 * lib/api/client-ip.ts walks X-Forwarded-For from the right past them.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): TrustProxy => {
    const value = (v ?? "false").trim();
    if (["false", "0", "off"].includes(value)) return false;
    if (["true", "on"].includes(value)) return { hops: 1 };
    if (/^\d+$/.test(value)) return { hops: Number(value) };
    const proxies = value.split(",").map((p) => p.trim());
    try {
      proxyaddr.compile(proxies);
      return { proxies };
    } catch (e) {
      ctx.addIssue({
        code: "custom",
        message: `must be false, a number of proxy hops, or the proxies' addresses/CIDRs (${(e as Error).message})`,
      });
      return z.NEVER;
    }
  });

export type TrustProxy = false | { hops: number } | { proxies: string[] };

const schema = z.object({
  ...serverEnvFields,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// connection string")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  WEFT_DATA_DIR: z.string().min(1).default(".data"),
  WEFT_SECRET_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, "must be 32 bytes as 64 hex characters or base64")
    .optional(),
  WEFT_TRUST_PROXY: trustProxy,
  WEFT_RATE_LIMIT_CREATE_WORKSPACE: rate.prefault("10/3600"),
  WEFT_RATE_LIMIT_LOGIN_LINK: rate.prefault("10/3600"),
  // Login links to one address (Send Login Link and the console's sign-in form together).
  WEFT_RATE_LIMIT_LOGIN_LINK_RECIPIENT: rate.prefault("5/3600"),
  // Invitations mailed for one workspace (each also counts as a login link to its address).
  WEFT_RATE_LIMIT_INVITATIONS: rate.prefault("20/3600"),
  WEFT_DEFAULT_PLAN: z.enum(["free", "paid"]).default("free"),
  WEFT_DEFAULT_ADVANCED_QUERIES: flag(true),
  WEFT_DEFAULT_ACTIVITY_LOGS: flag(true),
  WEFT_MAX_PRODUCTION_KEYS: z.coerce.number().int().min(0).default(5),
  WEFT_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  WEFT_AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  WEFT_CRDT_MAX_STATE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  WEFT_ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  WEFT_MAIL_FROM: z.string().min(3).default("weft <no-reply@weft.localhost>"),
  WEFT_SENDGRID_API_KEY: z.string().min(1).optional(),
  WEFT_SENDGRID_API_URL: optionalUrl,
  /** Trigger mails per workspace per UTC day through the instance's SendGrid key (a workspace's own key: no limit). */
  WEFT_EMAIL_DAILY_LIMIT: z.coerce.number().int().min(0).default(500),
  WEFT_OPENAI_BASE_URL: optionalUrl,
  WEFT_ANTHROPIC_BASE_URL: optionalUrl,
  WEFT_GEMINI_BASE_URL: optionalUrl,
  WEFT_AI_TIMEOUT_MS: z.coerce.number().int().min(1).default(60000),
  WEFT_ALLOW_PRIVATE_URLS: flag(false),
  // How long a console sign-in link (Send Login Link, the console's form) can be used; it works once.
  WEFT_LOGIN_LINK_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(24 * 3600)
    .default(900),
  // How long a console session lasts from sign-in (not extended by use): 7 days by default.
  WEFT_CONSOLE_SESSION_TTL_S: z.coerce
    .number()
    .int()
    .min(300)
    .max(90 * 24 * 3600)
    .default(7 * 24 * 3600),
  WEFT_WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
  WEFT_EVENT_DISPATCHER: flag(true),
  WEFT_EVENT_RETENTION_HOURS: z.coerce.number().min(0).default(168),
  // Delete All User Data erases in chunks of this many rows per table, one transaction each.
  WEFT_ERASE_BATCH_ROWS: z.coerce.number().int().min(1).max(10_000).default(500),
  // How long a presence put there over REST lasts after its last add or update (docs/live.md).
  WEFT_PRESENCE_TTL_S: z.coerce.number().int().min(10).max(86_400).default(300),
  // Bearer token for GET /api/metrics on the main port; unset: nobody reads it there (docs/operations/metrics.md).
  WEFT_METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  // A listener on 127.0.0.1 serving the metrics without a token (lib/api/metrics-port.ts); unset: none.
  WEFT_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WEFT_LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Live collaboration (lib/live): limits per message, API key and socket; timings of the guards.
  WEFT_LIVE_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  WEFT_LIVE_MAX_CONNECTIONS_PER_KEY: z.coerce.number().int().min(1).default(10_000),
  WEFT_LIVE_MAX_DOCUMENTS_PER_CONNECTION: z.coerce.number().int().min(1).default(100),
  WEFT_LIVE_AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEFT_LIVE_PREAUTH_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024),
  WEFT_LIVE_PING_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  WEFT_LIVE_RECHECK_MS: z.coerce.number().int().min(100).max(5_000).default(2_000),
  WEFT_LIVE_STORE_DEBOUNCE_MS: z.coerce.number().int().min(0).default(2_000),
});

export type Env = z.output<typeof schema>;

export { EnvError } from "./server-env.mjs";

let cached: Env | undefined;

export function env(): Env {
  cached ??= readEnv(schema);
  return cached;
}

/** The console's public URL: login links and the allowed continueUrl host come from it. */
export function publicUrl(): URL {
  const e = env();
  return new URL(e.WEFT_PUBLIC_URL ?? `http://localhost:${e.PORT}`);
}

/** Tests change variables between cases; production never calls this. */
export function reloadEnvForTests() {
  cached = undefined;
}
