import "server-only";
import type { z } from "zod";
import type { ActionResult } from "./action-result";
import { runAction, type Access, type ActionDefinition, type Targets } from "./run-action";
import { currentViewer } from "./viewer";

/**
 * A console server action for something the REST API does not do (a REST operation goes through
 * `callOperation` in operations.ts): `export const sendTest = consoleAction({ access, input, run })` in a
 * "use server" module. Clients call it as `sendTest(input, target)`, the target being the workspace (and key)
 * it acts on; see run-action.ts for what happens on the server.
 */
export function consoleAction<A extends Access, S extends z.ZodType, T, W extends boolean = false, R = T>(
  def: ActionDefinition<A, S, T, W, R>,
) {
  return async (input: z.input<S>, ...target: A extends "viewer" ? [] : [Targets[A]]): Promise<ActionResult<R>> =>
    runAction(def, await currentViewer(), input, target[0]);
}
