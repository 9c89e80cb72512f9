import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit, type AuditOutcome } from "@/lib/domain/audit/audit-log";
import type { ActorRole, Need } from "@/lib/domain/teams/roles";
import { redactSecretMembers } from "@/lib/domain/usage/redact-secrets";
import { db } from "@/lib/infra/db";
import { errorFields, log } from "@/lib/infra/log";

// What the console's audit log records of a procedure call: every change (any mutation) and every reveal of a
// secret (a query that needs the `secret` role), done or refused for the role (a call that failed otherwise
// changed nothing and leaves nothing, as every failed call). Recorded by the scope middleware (trpc.ts) once
// the call is decided, with who, from where, on what (the ids the input names) and its input with every secret
// redacted (redact-secrets.ts: credential members and secret-shaped strings).

/** Whether a call of this kind is recorded. */
export function isAudited(need: Need, type: string): boolean {
  return type === "mutation" || need === "secret";
}

/** Bigger inputs (a document's content) keep only their field names. */
const INPUT_MAX_CHARS = 4000;

/** Input members that name what a call acts on, first found wins. */
const TARGET_KEYS = ["endpointId", "email", "apiKey", "messageId", "id"] as const;

export interface AuditedCall {
  workspaceId: string;
  apiKeyId?: string;
  actor: { email: string; role: ActorRole };
  ip: string;
  action: string;
  label: string;
  input: unknown;
  outcome: AuditOutcome;
  reason?: string;
}

function dataOf(input: unknown): Record<string, unknown> {
  const data = (input as { data?: unknown } | undefined)?.data;
  return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

export async function recordCall(call: AuditedCall) {
  const data = dataOf(call.input);
  const named = TARGET_KEYS.map((k) => data[k]).find((v): v is string => typeof v === "string");
  const target = [...new Set([call.apiKeyId, named].filter(Boolean))].join(" / ") || undefined;
  const fields = Object.keys(data).slice(0, 50);
  const input = redactSecretMembers(data) as Prisma.InputJsonValue;
  const kept = JSON.stringify(input).length <= INPUT_MAX_CHARS ? input : undefined;
  try {
    await recordAudit(db(), {
      workspaceId: call.workspaceId,
      actorEmail: call.actor.email,
      actorRole: call.actor.role,
      action: call.action,
      label: call.label,
      target,
      outcome: call.outcome,
      reason: call.reason,
      detail: fields.length ? { fields, ...(kept !== undefined && { input: kept }) } : undefined,
      ip: call.ip,
    });
  } catch (e) {
    log.error("writing the audit log failed", {
      action: call.action,
      workspaceId: call.workspaceId,
      ...errorFields(e),
    });
  }
}
