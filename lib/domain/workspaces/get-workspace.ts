import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { WorkspaceScope } from "../scope";
import { workspaceView } from "./workspace-view";

export const getWorkspaceInput = z.strictObject({});

export function getWorkspace(scope: WorkspaceScope, _input: z.output<typeof getWorkspaceInput>, tx: Reader) {
  return workspaceView(tx, scope.workspaceId);
}
