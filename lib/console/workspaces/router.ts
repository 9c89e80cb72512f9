import { limitRate } from "@/lib/api/run-operation";
import { listWorkspaces, listWorkspacesInput } from "@/lib/domain/administration/list-workspaces";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import { updateWorkspaceSettings } from "@/lib/domain/administration/update-workspace-settings";
import { updateWorkspaceSettingsInput } from "@/lib/domain/administration/update-workspace-settings-input";
import { createWorkspace, createWorkspaceRateLimit } from "@/lib/domain/workspaces/create-workspace";
import { createWorkspaceInput } from "@/lib/domain/workspaces/create-workspace-input";
import { deleteWorkspace, deleteWorkspaceInput } from "@/lib/domain/workspaces/delete-workspace";
import { getVisibleWorkspace } from "@/lib/domain/workspaces/get-visible-workspace";
import { listLeftByTokenHolders } from "@/lib/domain/workspaces/left-by-token-holders";
import { listWorkspacePage, listWorkspacePageInput } from "@/lib/domain/workspaces/list-workspace-page";
import { z } from "zod";
import { db, transaction } from "@/lib/infra/db";
import { assertMayCreateWorkspaceFor } from "../access";
import { scopedInput } from "../router/scoped-input";
import { operatorProcedure, router, signedIn, workspaceProcedure } from "../router/trpc";

// Workspaces as the console sees them: the list (owners their own, operators all), creating one with the
// console's ownership rule on top of Create Workspace's, a workspace's details, what the previous token holders
// left after a rotation, deleting it, and the operator's
// plan settings (also `weft workspace:update` / `workspace:list`).

const none = z.strictObject({});

export const workspacesRouter = router({
  list: signedIn
    .input(scopedInput("viewer", listWorkspacePageInput))
    .query(({ ctx, input }) => listWorkspacePage(ctx.viewer.scope, input.data, db())),

  /**
   * Create Workspace's rules and rate limit, counted against the browser's address like the REST call (and, like
   * the dispatcher, before the transaction opens: the limit counts refused attempts too).
   */
  create: signedIn.input(scopedInput("viewer", createWorkspaceInput)).mutation(async ({ ctx, input }) => {
    assertMayCreateWorkspaceFor(ctx.viewer, input.data.ownerEmail);
    await limitRate(createWorkspaceRateLimit.bucket, createWorkspaceRateLimit.limit(), ctx.clientIp);
    const ws = await transaction((tx) => createWorkspace({ level: "public", clientIp: ctx.clientIp }, input.data, tx));
    // The console lands on the first key's Getting started: Create Workspace makes exactly one testing key.
    return { id: ws.id, firstApiKeyId: Object.keys(ws.apiKeyList)[0] };
  }),

  /** The workspace, and the viewer's role in it (the pages offer only what the role may do). */
  get: workspaceProcedure.input(scopedInput("workspace", none)).query(async ({ ctx }) => ({
    ...(await getVisibleWorkspace(ctx.viewer.scope, { workspaceId: ctx.scope.workspaceId }, db())),
    role: ctx.role,
  })),

  /** After a rotation: what the previous token holders set up that keeps working (null before any rotation). */
  leftByTokenHolders: workspaceProcedure
    .input(scopedInput("workspace", none))
    .query(({ ctx }) => listLeftByTokenHolders(ctx.scope, db())),

  delete: workspaceProcedure
    .meta({ need: "owner", label: "Delete workspace" })
    .input(scopedInput("workspace", deleteWorkspaceInput))
    .mutation(({ ctx, input }) => transaction((tx) => deleteWorkspace(ctx.scope, input.data, tx))),

  /** Plan and self-serve production keys: the billing gates, the operator's. */
  updateSettings: operatorProcedure
    .meta({ label: "Change plan settings" })
    .input(scopedInput("viewer", updateWorkspaceSettingsInput))
    .mutation(({ input }) => transaction((tx) => updateWorkspaceSettings(OPERATOR_SCOPE, input.data, tx))),

  /** Every workspace, oldest first (`weft workspace:list`). */
  all: operatorProcedure
    .input(scopedInput("viewer", listWorkspacesInput))
    .query(({ input }) => listWorkspaces(OPERATOR_SCOPE, input.data, db())),
});
