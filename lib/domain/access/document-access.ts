import type { Reader } from "@/lib/infra/db";
import type { GrantedResource } from "../permissions/resources";
import { type Access, type GrantFact, serviceAccess, unregisteredDocument, userAccess } from "./access-rules";
import { readAccessFacts } from "./access-store";

// The one place that decides whether someone may read or write a document: live collaboration (lib/live), the
// user-scoped REST checks (Get Permissions, Add Notifications' verifyUserPermissions) and the console ask it.
// The rules are in access-rules.ts; docs/live.md and docs/tokens.md describe them for users.

export type { Access } from "./access-rules";

export interface DocumentRef {
  apiKeyId: string;
  organizationId: string;
  documentId: string;
}

/** An end user (with the grants their token carries), or the API key itself (a service token). */
export type Principal = { userId: string; tokenResources?: readonly GrantedResource[] } | { service: true };

/** The grants of a token that concern one organization, as the rules take them. */
export function tokenGrants(resources: readonly GrantedResource[], organizationId: string): GrantFact[] {
  return resources
    .filter((r) => r.organizationId === organizationId)
    .map((r) => ({
      type: r.type,
      id: r.id,
      accessRole: r.accessRole,
      expiresAt: r.expiresAt === undefined ? null : r.expiresAt * 1000,
    }));
}

/** What `who` may do with the document now: `role` editor, viewer or null (no access), and why. */
export async function documentAccess(db: Reader, ref: DocumentRef, who: Principal, now = Date.now()): Promise<Access> {
  const org = { apiKeyId: ref.apiKeyId, organizationId: ref.organizationId };
  const userIds = "userId" in who ? [who.userId] : [];
  const facts = await readAccessFacts(db, org, { documentIds: [ref.documentId], userIds });
  const document = facts.documents.get(ref.documentId) ?? unregisteredDocument(ref.documentId);
  if (!("userId" in who)) return serviceAccess(facts.organization, document);
  const grants = [...facts.grants.get(who.userId)!, ...tokenGrants(who.tokenResources ?? [], ref.organizationId)];
  return userAccess(ref.organizationId, facts.organization, document, grants, now);
}

/** What each of `userIds` may do with the document, from their stored grants (no token). */
export async function documentAccessForUsers(
  db: Reader,
  ref: DocumentRef,
  userIds: readonly string[],
  now = Date.now(),
): Promise<Map<string, Access>> {
  const org = { apiKeyId: ref.apiKeyId, organizationId: ref.organizationId };
  const facts = await readAccessFacts(db, org, { documentIds: [ref.documentId], userIds });
  const document = facts.documents.get(ref.documentId) ?? unregisteredDocument(ref.documentId);
  return new Map(
    userIds.map((u) => [u, userAccess(ref.organizationId, facts.organization, document, facts.grants.get(u)!, now)]),
  );
}
