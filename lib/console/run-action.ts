import { z } from "zod";
import { DomainError, notFound } from "@/lib/domain/errors";
import type { ApiKeyScope, WorkspaceScope } from "@/lib/domain/scope";
import type { ViewerScope } from "@/lib/domain/workspaces/visible-workspaces";
import { db, transaction, type Reader, type Tx } from "@/lib/infra/db";
import { errorFields, log } from "@/lib/infra/log";
import { checkJsonLimits } from "@/lib/api/json-limits";
import { apiKeyScopeFor, assertOperator, workspaceScopeFor, type Viewer } from "./access";
import type { ActionResult } from "./action-result";
import { check } from "./validate";

// The body of the console's own server actions, for what the REST API does not do (action.ts adds the
// session; REST operations go through operations.ts instead): check who is asking, check the input against
// the REST API's JSON limits and parse it, resolve what it acts on through access.ts, run the domain function
// (`writes: true`: in one transaction, like the dispatcher; otherwise with a reader), and answer {ok, data} or
// {ok: false, error} with the domain's message.

export type Access = "viewer" | "workspace" | "apiKey";

/** What the client names besides the input: nothing, a workspace, or a key of a workspace. */
export interface Targets {
  viewer: undefined;
  workspace: { workspaceId: string };
  apiKey: { workspaceId: string; apiKeyId: string };
}

interface Scopes {
  viewer: ViewerScope;
  workspace: WorkspaceScope;
  apiKey: ApiKeyScope;
}

export interface ActionContext<A extends Access> {
  viewer: Viewer;
  scope: Scopes[A];
  db: Reader;
}

export interface WriteActionContext<A extends Access> {
  viewer: Viewer;
  scope: Scopes[A];
  tx: Tx;
}

export interface ActionDefinition<A extends Access, S extends z.ZodType, T, W extends boolean = boolean, R = T> {
  access: A;
  /** Refused for owners (access.ts says which settings are the operator's). */
  operatorOnly?: boolean;
  /** The REST endpoint's input schema (or the domain function's, for console-only reads). */
  input: S;
  /** The action writes: `run` gets the one transaction (`ctx.tx`), so a failed action writes nothing. */
  writes?: W;
  run(input: z.output<S>, ctx: W extends true ? WriteActionContext<A> : ActionContext<A>): Promise<T>;
  /** Like an endpoint's: once the transaction has committed, with what `run` returned. */
  afterCommit?(result: T): Promise<R>;
}

export const SIGNED_OUT = "Your session has ended. Sign in again.";
export const FAILED = "Something went wrong. Try again.";

// Ids weft made: a NUL (which PostgreSQL cannot take) is simply no such workspace or key.
const id = z
  .string()
  .min(1)
  .max(200)
  .refine((v) => !v.includes("\u0000"));
const targetSchemas = {
  workspace: z.strictObject({ workspaceId: id }),
  apiKey: z.strictObject({ workspaceId: id, apiKeyId: id }),
};

export async function runAction<A extends Access, S extends z.ZodType, T, W extends boolean = false, R = T>(
  def: ActionDefinition<A, S, T, W, R>,
  viewer: Viewer | null,
  input: unknown,
  target: unknown,
): Promise<ActionResult<R>> {
  try {
    if (!viewer) return { ok: false, error: SIGNED_OUT };
    if (def.operatorOnly) assertOperator(viewer);
    checkJsonLimits(input);
    const parsed = check(def.input, input);
    if (!parsed.ok) return { ok: false, error: parsed.error, ...(parsed.field && { field: parsed.field }) };
    const scope = await scopeOf(def.access, viewer, target, db());
    return { ok: true, data: await runDefinition(def, parsed.data, viewer, scope) };
  } catch (e) {
    if (e instanceof DomainError) return { ok: false, error: e.message };
    log.error("console action failed", errorFields(e));
    return { ok: false, error: FAILED };
  }
}

async function runDefinition<A extends Access, S extends z.ZodType, T, W extends boolean, R>(
  def: ActionDefinition<A, S, T, W, R>,
  input: z.output<S>,
  viewer: Viewer,
  scope: Scopes[A],
): Promise<R> {
  type Ctx = Parameters<typeof def.run>[1];
  if (!def.writes) return (await def.run(input, { viewer, scope, db: db() } as unknown as Ctx)) as unknown as R;
  const result = await transaction((tx) => def.run(input, { viewer, scope, tx } as unknown as Ctx));
  return def.afterCommit ? def.afterCommit(result) : (result as unknown as R);
}

/** The scope the viewer acts in: their own, or the workspace / key the target names, if they may see it. */
export async function scopeOf<A extends Access>(
  access: A,
  viewer: Viewer,
  target: unknown,
  tx: Reader,
): Promise<Scopes[A]> {
  if (access === "viewer") return viewer.scope as Scopes[A];
  const t = targetSchemas[access as Exclude<Access, "viewer">].safeParse(target);
  if (!t.success) throw notFound(access === "workspace" ? "Workspace not found." : "API key not found.");
  const { workspaceId, apiKeyId } = t.data as Partial<Targets["apiKey"]> & Targets["workspace"];
  const scope =
    apiKeyId === undefined
      ? await workspaceScopeFor(viewer, workspaceId, tx)
      : await apiKeyScopeFor(viewer, workspaceId, apiKeyId, tx);
  return scope as Scopes[A];
}
