"use server";

import { headers } from "next/headers";
import type { ApiInput, ApiOutput, ConsolePath } from "@/lib/api/client";
import { clientIpOf } from "@/lib/api/client-ip";
import type { ActionResult } from "./action-result";
import { runOperationAction, type OperationTarget } from "./operation-action";
import { currentViewer } from "./viewer";

/**
 * The console's one server action for every REST operation: `callOperation("/v2/workspace/apikey/update",
 * input, { workspaceId })`. Same input schema, scope rules and code path as the REST call; see
 * operation-action.ts.
 */
export async function callOperation<P extends ConsolePath>(
  path: P,
  input: ApiInput<P>,
  target: OperationTarget<P>,
): Promise<ActionResult<ApiOutput<P>>> {
  return runOperationAction(path, await currentViewer(), input, target, clientIpOf(await headers()));
}
