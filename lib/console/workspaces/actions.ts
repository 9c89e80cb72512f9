"use server";

import { headers } from "next/headers";
import { clientIpOf } from "@/lib/api/client-ip";
import { limitRate } from "@/lib/api/run-operation";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import {
  updateWorkspaceSettings,
  updateWorkspaceSettingsInput,
} from "@/lib/domain/administration/update-workspace-settings";
import { createWorkspace, createWorkspaceRateLimit } from "@/lib/domain/workspaces/create-workspace";
import { createWorkspaceInput } from "@/lib/domain/workspaces/create-workspace-input";
import { listWorkspacePage, listWorkspacePageInput } from "@/lib/domain/workspaces/list-workspace-page";
import { transaction } from "@/lib/infra/db";
import { assertMayCreateWorkspaceFor } from "../access";
import { consoleAction } from "../action";

// The console's own workspace operations: the list and the operator's plan settings have no REST endpoint, and
// creating one adds the console's ownership rule to Create Workspace. The rest goes through callOperation.

export const listWorkspacesAction = consoleAction({
  access: "viewer",
  input: listWorkspacePageInput,
  run: (input, { viewer, db }) => listWorkspacePage(viewer.scope, input, db),
});

/**
 * Create Workspace's rules and rate limit, counted against the browser's address like the REST call (and, like
 * the dispatcher, before the transaction opens: the limit counts refused attempts too).
 */
export const createWorkspaceAction = consoleAction({
  access: "viewer",
  input: createWorkspaceInput,
  run: async (input, { viewer }) => {
    assertMayCreateWorkspaceFor(viewer, input.ownerEmail);
    const clientIp = clientIpOf(await headers());
    await limitRate(createWorkspaceRateLimit.bucket, createWorkspaceRateLimit.limit(), clientIp);
    const ws = await transaction((tx) => createWorkspace({ level: "public", clientIp }, input, tx));
    return { id: ws.id };
  },
});

export const updateWorkspaceSettingsAction = consoleAction({
  access: "viewer",
  operatorOnly: true,
  input: updateWorkspaceSettingsInput,
  writes: true,
  run: (input, { tx }) => updateWorkspaceSettings(OPERATOR_SCOPE, input, tx),
});
