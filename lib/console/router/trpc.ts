import { initTRPC, isTrackedEnvelope, tracked, TRPCError } from "@trpc/server";
import { z } from "zod";
import { DomainError, denied, invalid, notFound } from "@/lib/domain/errors";
import { API_KEY_NOT_FOUND } from "@/lib/domain/api-keys/find-workspace-key";
import type { ApiKeyScope, WorkspaceScope } from "@/lib/domain/scope";
import { mayDo, roleRefusal, seesSecrets, type ActorRole, type Need } from "@/lib/domain/teams/roles";
import { REDACTED, redactSecretMembers } from "@/lib/domain/usage/redact-secrets";
import { WORKSPACE_NOT_FOUND } from "@/lib/domain/workspaces/get-visible-workspace";
import { db } from "@/lib/infra/db";
import { errorFields, log } from "@/lib/infra/log";
import { apiKeyScopeFor, assertOperator, workspaceScopeFor, type Viewer } from "../access";
import { isAudited, recordCall } from "./audit";
import type { ConsoleContext } from "./context";
import { describeFailure, SIGNED_OUT, trpcErrorOf } from "./errors";

// The console's tRPC instance and its procedure kinds. Tenant scope and role are decided here, once: `signedIn`
// needs a session; `workspaceProcedure` and `apiKeyProcedure` turn the input's `workspaceId` (and `apiKeyId`)
// into the domain's WorkspaceScope / ApiKeyScope and the viewer's role there through access.ts (members see
// their workspaces, operators all; another's workspace or key is NOT_FOUND, like one that does not exist), then
// hold the role against what the procedure needs (`meta.need`, lib/domain/teams/roles.ts: by default `read`
// for queries and subscriptions, `write` for mutations, so a new procedure is safe without saying anything),
// redact every credential from what a role without secrets is shown (queries and subscription events alike),
// and write the audit log (audit.ts). `operatorProcedure` is the operator's.

export interface ProcedureMeta {
  /** What the viewer's role must allow: by default `read` for queries and subscriptions, `write` for mutations. */
  need?: Need;
  /** The procedure's name in the audit log ("Get Auth Tokens"); its path otherwise. */
  label?: string;
}

const t = initTRPC
  .context<ConsoleContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const { message, status, field } = describeFailure(error);
      return {
        message,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, status, field },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** DomainErrors become TRPCErrors with the status table's code; anything unexpected is logged once. */
const mapErrors = t.middleware(async ({ next, path, type }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof DomainError) throw trpcErrorOf(cause);
  if (result.error.code === "INTERNAL_SERVER_ERROR")
    log.error("console procedure failed", { path, type, ...errorFields(cause ?? result.error) });
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

export const signedIn = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer) throw new TRPCError({ code: "UNAUTHORIZED", message: SIGNED_OUT });
  return next({ ctx: { viewer: ctx.viewer } });
});

/** The operator's procedures; a change to one workspace (its plan, a key's switches) goes in its audit log. */
export const operatorProcedure = signedIn.use(async ({ ctx, next, meta, type, path, getRawInput }) => {
  assertOperator(ctx.viewer);
  const result = await next();
  if (type !== "mutation" || !result.ok) return result;
  const input = await getRawInput();
  const workspaceId = await workspaceNamedBy(input);
  if (workspaceId)
    await recordCall({
      workspaceId,
      actor: { email: ctx.viewer.email, role: "operator" },
      ip: ctx.clientIp,
      action: path,
      label: meta?.label ?? path,
      input,
      outcome: "ok",
    });
  return result;
});

/** The workspace an operator's input acts on: its `workspaceId`, or the workspace of its `apiKey`. */
async function workspaceNamedBy(input: unknown): Promise<string | undefined> {
  const data = (input as { data?: { workspaceId?: unknown; apiKey?: unknown } } | undefined)?.data;
  if (typeof data?.workspaceId === "string") return data.workspaceId;
  if (typeof data?.apiKey !== "string") return undefined;
  const key = await db().apiKey.findUnique({ where: { id: data.apiKey }, select: { workspaceId: true } });
  return key?.workspaceId;
}

// Ids weft made: a NUL (which PostgreSQL cannot take) is simply no such workspace or key.
const id = z
  .string()
  .min(1)
  .max(200)
  .refine((v) => !v.includes("\u0000"));
const workspaceTarget = z.object({ workspaceId: id });
const apiKeyTarget = z.object({ workspaceId: id, apiKeyId: id });

interface Call {
  ctx: { viewer: Viewer; clientIp: string };
  meta?: ProcedureMeta;
  type: string;
  path: string;
  input: unknown;
}

/** Each event of a subscription, redacted as a query's reply is (a tracked event keeps its id). */
async function* redactedEvents(events: AsyncIterable<unknown>) {
  for await (const event of events) {
    yield isTrackedEnvelope(event) ? tracked(event[0], redactSecretMembers(event[1])) : redactSecretMembers(event);
  }
}

function redactedFor(role: ActorRole, type: string, data: unknown): unknown {
  if (seesSecrets(role)) return data;
  if (type === "subscription" && data !== null && typeof data === "object" && Symbol.asyncIterator in data)
    return redactedEvents(data as AsyncIterable<unknown>);
  return redactSecretMembers(data);
}

export const REDACTED_INPUT = `A secret shown as ${REDACTED} cannot be saved back: enter the secret itself, or ask an admin.`;

/** The role check, output redaction and audit of a call in `scope`, around the procedure itself. */
async function asRole<S extends WorkspaceScope | ApiKeyScope, R extends { ok: boolean }>(
  call: Call,
  scope: S,
  role: ActorRole,
  next: (ctx: { scope: S; role: ActorRole }) => Promise<R>,
): Promise<R> {
  const need = call.meta?.need ?? (call.type === "mutation" ? "write" : "read");
  const record = (outcome: "ok" | "denied", reason?: string) =>
    recordCall({
      workspaceId: scope.workspaceId,
      apiKeyId: scope.level === "apiKey" ? scope.apiKeyId : undefined,
      actor: { email: call.ctx.viewer.email, role },
      ip: call.ctx.clientIp,
      action: call.path,
      label: call.meta?.label ?? call.path,
      input: call.input,
      outcome,
      reason,
    });
  if (!mayDo(role, need)) {
    const refusal = roleRefusal(role, need);
    await record("denied", refusal);
    throw denied(refusal);
  }
  // A form filled from a redacted reply (only roles without secrets get those) would store the placeholder.
  if (call.type === "mutation" && !seesSecrets(role) && JSON.stringify(call.input ?? null).includes(REDACTED))
    throw invalid(REDACTED_INPUT);
  const result = await next({ scope, role });
  // A call that failed changed nothing and leaves nothing, in the audit log either; a refused role is recorded.
  if (!result.ok) return result;
  if (isAudited(need, call.type)) await record("ok");
  const done = result as R & { data: unknown };
  return { ...done, data: redactedFor(role, call.type, done.data) };
}

export const workspaceProcedure = signedIn.use(async ({ ctx, getRawInput, next, meta, type, path }) => {
  const input = await getRawInput();
  const target = workspaceTarget.safeParse(input);
  if (!target.success) throw notFound(WORKSPACE_NOT_FOUND);
  const { scope, role } = await workspaceScopeFor(ctx.viewer, target.data.workspaceId, db());
  return asRole({ ctx, meta, type, path, input }, scope, role, (c) => next({ ctx: c }));
});

export const apiKeyProcedure = signedIn.use(async ({ ctx, getRawInput, next, meta, type, path }) => {
  const input = await getRawInput();
  const target = apiKeyTarget.safeParse(input);
  if (!target.success) throw notFound(API_KEY_NOT_FOUND);
  const { workspaceId, apiKeyId } = target.data;
  const { scope, role } = await apiKeyScopeFor(ctx.viewer, workspaceId, apiKeyId, db());
  return asRole({ ctx, meta, type, path, input }, scope, role, (c) => next({ ctx: c }));
});
