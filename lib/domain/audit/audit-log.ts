import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db, Reader, Tx } from "@/lib/infra/db";
import type { WorkspaceScope } from "../scope";
import type { ActorRole } from "../teams/roles";

// A workspace's audit log: written by the console router for every change and every reveal of a secret, refused
// attempts included (lib/console/router/audit.ts); read newest first with filters; exported whole (CSV or JSON).

export const AUDIT_MAX_AGE_MS = 90 * 24 * 3600_000;

export const auditOutcomes = ["ok", "denied"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

export interface AuditEntryDraft {
  workspaceId: string;
  actorEmail: string;
  actorRole: ActorRole;
  action: string;
  label: string;
  target?: string;
  outcome: AuditOutcome;
  reason?: string;
  /** Which fields the call sent, and its input with every secret redacted (redact-secrets.ts). */
  detail?: { fields: string[]; input?: Prisma.InputJsonValue };
  ip?: string;
}

export async function recordAudit(client: Db, entry: AuditEntryDraft) {
  await client.auditEvent.create({
    data: {
      ...entry,
      label: entry.label.slice(0, 200),
      target: entry.target?.slice(0, 300),
      reason: entry.reason?.slice(0, 500),
      ip: entry.ip?.slice(0, 100),
    },
  });
}

const rowId = z.string().regex(/^\d{1,19}$/);

export const auditFilterInput = z.strictObject({
  /** Part of the actor's address. */
  actor: z.string().trim().max(254).optional(),
  /** Part of the action or its label ("reveal", "v2.workspace.authtokens"). */
  action: z.string().trim().max(200).optional(),
  outcome: z.enum(auditOutcomes).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
});

export const listAuditInput = auditFilterInput.extend({
  before: rowId.optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export interface AuditEntry {
  id: string;
  time: string;
  actorEmail: string;
  actorRole: string;
  action: string;
  label: string;
  target: string | null;
  outcome: string;
  reason: string | null;
  fields: string[];
  /** The call's input, secrets redacted (absent when it was too big to keep). */
  input: unknown;
  ip: string | null;
}

function where(scope: WorkspaceScope, f: z.output<typeof auditFilterInput>): Prisma.AuditEventWhereInput {
  const oldest = Date.now() - AUDIT_MAX_AGE_MS;
  const since = Math.max(oldest, f.since ? Date.parse(f.since) : oldest);
  const insensitive = "insensitive" as const;
  return {
    workspaceId: scope.workspaceId,
    createdAt: { gte: new Date(since), ...(f.until && { lt: new Date(f.until) }) },
    ...(f.actor && { actorEmail: { contains: f.actor, mode: insensitive } }),
    ...(f.action && {
      OR: [{ action: { contains: f.action, mode: insensitive } }, { label: { contains: f.action, mode: insensitive } }],
    }),
    ...(f.outcome && { outcome: f.outcome }),
  };
}

type Row = Prisma.AuditEventGetPayload<object>;

function entry(r: Row): AuditEntry {
  const detail = r.detail as { fields?: unknown; input?: unknown } | null;
  return {
    id: r.id.toString(),
    time: r.createdAt.toISOString(),
    actorEmail: r.actorEmail,
    actorRole: r.actorRole,
    action: r.action,
    label: r.label,
    target: r.target,
    outcome: r.outcome,
    reason: r.reason,
    fields: Array.isArray(detail?.fields) ? detail.fields.filter((f): f is string => typeof f === "string") : [],
    input: detail?.input ?? null,
    ip: r.ip,
  };
}

export async function listAudit(scope: WorkspaceScope, input: z.input<typeof listAuditInput>, tx: Reader) {
  const { before, limit, ...filter } = listAuditInput.parse(input);
  const rows = await tx.auditEvent.findMany({
    where: { AND: [where(scope, filter), before ? { id: { lt: BigInt(before) } } : {}] },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return { entries: page.map(entry), ...(rows.length > limit && { nextBefore: page.at(-1)!.id.toString() }) };
}

export const EXPORT_MAX_ROWS = 50_000;

export const exportAuditInput = auditFilterInput.extend({ format: z.enum(["csv", "json"]).default("csv") });

const COLUMNS = [
  "time",
  "actorEmail",
  "actorRole",
  "action",
  "label",
  "target",
  "outcome",
  "reason",
  "fields",
  "input",
  "ip",
] as const;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(" ");
  return typeof value === "object" ? JSON.stringify(value) : String(value as string | number | boolean);
}

function csvCell(value: unknown): string {
  const text = cellText(value);
  // A leading = + - @ would be a formula in a spreadsheet: quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Every matching entry (90 days at most, newest first) as one CSV or JSON document. */
export async function exportAudit(scope: WorkspaceScope, input: z.input<typeof exportAuditInput>, tx: Reader) {
  const { format, ...filter } = exportAuditInput.parse(input);
  const rows = (
    await tx.auditEvent.findMany({ where: where(scope, filter), orderBy: { id: "desc" }, take: EXPORT_MAX_ROWS })
  ).map(entry);
  const stamp = new Date().toISOString().slice(0, 10);
  const filename = `weft-audit-${scope.workspaceId}-${stamp}.${format}`;
  if (format === "json") return { filename, contentType: "application/json", body: JSON.stringify(rows, null, 2) };
  const lines = [COLUMNS.join(","), ...rows.map((r) => COLUMNS.map((c) => csvCell(r[c])).join(","))];
  return { filename, contentType: "text/csv", body: `${lines.join("\r\n")}\r\n` };
}

/** Drops the entries older than `before` (the sweep job: 90 days). */
export async function sweepAuditLog(tx: Tx, before: Date) {
  const { count } = await tx.auditEvent.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}
