import { API_KEY_NOT_FOUND } from "@/lib/domain/api-keys/find-workspace-key";
import { denied, notFound } from "@/lib/domain/errors";
import { normalizeEmail } from "@/lib/domain/fields";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import type { ApiKeyScope, WorkspaceScope } from "@/lib/domain/scope";
import type { ActorRole } from "@/lib/domain/teams/roles";
import { workspaceRole } from "@/lib/domain/teams/workspace-role";
import type { ViewerScope } from "@/lib/domain/workspaces/visible-workspaces";
import type { Reader } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";

// Who may do what in the console. Every page and server action gets its scopes from here.
//
// - A signed-in address sees the workspaces it owns (ownerEmail) or was invited to (WorkspaceMember), with its
//   role there (lib/domain/teams/roles.ts); an operator (an address in WEFT_ADMIN_EMAILS) sees every
//   workspace. Both resolve a workspace or key id into the domain's WorkspaceScope / ApiKeyScope and the role
//   with a query whose `where` carries that rule, so another's workspace answers NOT_FOUND, exactly like one
//   that does not exist. The router (router/trpc.ts) holds the role against what each procedure needs.
// - Plan and self-serve production keys are operator-only: they are the billing gates (the paid-root rule
//   for more workspaces, production keys).
// - Per-key advanced queries and activity logs may be switched by whoever sees the key's workspace: the API
//   documentation tells developers to enable them "in the console", they cost nothing extra in weft (both
//   default on) and gate no plan, so they are the owner's switches; the operator keeps them via the CLI.
// - Owners create workspaces for their own address only (otherwise they could not see them); operators
//   for any address. The REST rules (disposable domains, limits, paid root) apply to both.

export interface Viewer {
  email: string;
  operator: boolean;
  scope: ViewerScope;
}

export function viewerFor(address: string): Viewer {
  const email = normalizeEmail(address);
  const operator = env().WEFT_ADMIN_EMAILS.includes(email);
  return { email, operator, scope: operator ? OPERATOR_SCOPE : { level: "owner", ownerEmail: email } };
}

/** The workspace as the viewer acts on it, and their role there. */
export async function workspaceScopeFor(
  viewer: Viewer,
  workspaceId: string,
  tx: Reader,
): Promise<{ scope: WorkspaceScope; role: ActorRole }> {
  const role = await workspaceRole(viewer.scope, workspaceId, tx);
  return { scope: { level: "workspace", workspaceId }, role };
}

/** The key as the viewer acts on it, and their role in its workspace (a key of another workspace: NOT_FOUND). */
export async function apiKeyScopeFor(
  viewer: Viewer,
  workspaceId: string,
  apiKeyId: string,
  tx: Reader,
): Promise<{ scope: ApiKeyScope; role: ActorRole }> {
  const role = await workspaceRole(viewer.scope, workspaceId, tx, API_KEY_NOT_FOUND);
  const key = await tx.apiKey.findFirst({ where: { id: apiKeyId, workspaceId }, select: { id: true } });
  if (!key) throw notFound(API_KEY_NOT_FOUND);
  return { scope: { level: "apiKey", workspaceId, apiKeyId: key.id }, role };
}

export function assertOperator(viewer: Viewer) {
  if (!viewer.operator) throw denied("Only an operator can change this setting.");
}

export function assertMayCreateWorkspaceFor(viewer: Viewer, ownerEmail: string) {
  if (!viewer.operator && normalizeEmail(ownerEmail) !== viewer.email) {
    throw denied("You can create workspaces only for your own email address.");
  }
}
