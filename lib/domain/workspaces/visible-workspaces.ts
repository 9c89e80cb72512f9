import type { Prisma } from "@/lib/generated/prisma/client";
import type { OperatorScope, OwnerScope } from "../scope";

/** Whoever looks at workspaces in the console: a signed-in person, or the operator who sees every workspace. */
export type ViewerScope = OwnerScope | OperatorScope;

/**
 * The `where` part naming the workspaces the scope may see (those it owns or is a member of; the operator all);
 * every console lookup of a workspace or key uses it.
 */
export function visibleWorkspaces(scope: ViewerScope): Prisma.WorkspaceWhereInput {
  return scope.level === "operator"
    ? {}
    : { OR: [{ ownerEmail: scope.ownerEmail }, { members: { some: { email: scope.ownerEmail } } }] };
}
