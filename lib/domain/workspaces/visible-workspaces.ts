import type { OperatorScope } from "../scope";
import type { OwnerScope } from "../scope";

/** Whoever looks at workspaces in the console: an owner, or the operator who sees every workspace. */
export type ViewerScope = OwnerScope | OperatorScope;

/** The `where` part naming the workspaces the scope may see; every console lookup of a workspace or key uses it. */
export function visibleWorkspaces(scope: ViewerScope): { ownerEmail?: string } {
  return scope.level === "operator" ? {} : { ownerEmail: scope.ownerEmail };
}
