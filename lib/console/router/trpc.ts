import { initTRPC, TRPCError } from "@trpc/server";
import { z } from "zod";
import { DomainError, notFound } from "@/lib/domain/errors";
import { API_KEY_NOT_FOUND } from "@/lib/domain/api-keys/find-workspace-key";
import { WORKSPACE_NOT_FOUND } from "@/lib/domain/workspaces/get-visible-workspace";
import { db } from "@/lib/infra/db";
import { errorFields, log } from "@/lib/infra/log";
import { apiKeyScopeFor, assertOperator, workspaceScopeFor } from "../access";
import type { ConsoleContext } from "./context";
import { describeFailure, SIGNED_OUT, trpcErrorOf } from "./errors";

// The console's tRPC instance and its procedure kinds. Tenant scope is decided here, once: `signedIn` needs a
// session; `workspaceProcedure` and `apiKeyProcedure` turn the input's `workspaceId` (and `apiKeyId`) into the
// domain's WorkspaceScope / ApiKeyScope through access.ts (owners see their workspaces, operators all; another
// owner's workspace or key is NOT_FOUND, like one that does not exist); `operatorProcedure` is the operator's.

const t = initTRPC.context<ConsoleContext>().create({
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

export const operatorProcedure = signedIn.use(({ ctx, next }) => {
  assertOperator(ctx.viewer);
  return next();
});

// Ids weft made: a NUL (which PostgreSQL cannot take) is simply no such workspace or key.
const id = z
  .string()
  .min(1)
  .max(200)
  .refine((v) => !v.includes("\u0000"));
const workspaceTarget = z.object({ workspaceId: id });
const apiKeyTarget = z.object({ workspaceId: id, apiKeyId: id });

export const workspaceProcedure = signedIn.use(async ({ ctx, getRawInput, next }) => {
  const target = workspaceTarget.safeParse(await getRawInput());
  if (!target.success) throw notFound(WORKSPACE_NOT_FOUND);
  return next({ ctx: { scope: await workspaceScopeFor(ctx.viewer, target.data.workspaceId, db()) } });
});

export const apiKeyProcedure = signedIn.use(async ({ ctx, getRawInput, next }) => {
  const target = apiKeyTarget.safeParse(await getRawInput());
  if (!target.success) throw notFound(API_KEY_NOT_FOUND);
  const { workspaceId, apiKeyId } = target.data;
  return next({ ctx: { scope: await apiKeyScopeFor(ctx.viewer, workspaceId, apiKeyId, db()) } });
});
