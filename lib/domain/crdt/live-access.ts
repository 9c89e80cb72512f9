import type { Reader } from "@/lib/infra/db";
import type { GrantedResource } from "../permissions/resources";
import type { EditorKey } from "./crdt-log";

// What a user may do with one live document: the union of the grants carried in their token and the grants
// stored for them (Add Users / Add Permissions). An organization grant covers every document of the
// organization, a folder grant every document under the folder (at any depth). Expired grants count for
// nothing; editor wins over viewer.

type LiveRole = "editor" | "viewer";

interface Candidate {
  type: string;
  id: string;
  organizationId: string;
  accessRole: string;
  expiresAtMs: number | null;
}

export async function liveRole(
  tx: Reader,
  k: EditorKey,
  userId: string,
  tokenResources: readonly GrantedResource[],
  now = Date.now(),
): Promise<LiveRole | undefined> {
  const [stored, document] = await Promise.all([
    tx.membership.findMany({
      where: { apiKeyId: k.apiKeyId, organizationId: k.organizationId, userId },
      select: { resourceType: true, resourceId: true, accessRole: true, expiresAt: true },
    }),
    tx.document.findUnique({
      where: {
        apiKeyId_organizationId_documentId: {
          apiKeyId: k.apiKeyId,
          organizationId: k.organizationId,
          documentId: k.documentId,
        },
      },
      select: { folderId: true },
    }),
  ]);
  const folders = new Set<string>();
  if (document?.folderId) {
    folders.add(document.folderId);
    const folder = await tx.folder.findUnique({
      where: {
        apiKeyId_organizationId_folderId: {
          apiKeyId: k.apiKeyId,
          organizationId: k.organizationId,
          folderId: document.folderId,
        },
      },
      select: { ancestors: true },
    });
    for (const a of folder?.ancestors ?? []) folders.add(a);
  }
  const candidates: Candidate[] = [
    ...tokenResources.map((r) => ({ ...r, expiresAtMs: r.expiresAt === undefined ? null : r.expiresAt * 1000 })),
    ...stored.map((m) => ({
      type: m.resourceType,
      id: m.resourceId,
      organizationId: k.organizationId,
      accessRole: m.accessRole,
      expiresAtMs: m.expiresAt ? m.expiresAt.getTime() : null,
    })),
  ];
  let role: LiveRole | undefined;
  for (const c of candidates) {
    if (c.organizationId !== k.organizationId || (c.expiresAtMs !== null && c.expiresAtMs <= now)) continue;
    const covers =
      (c.type === "organization" && c.id === k.organizationId) ||
      (c.type === "document" && c.id === k.documentId) ||
      (c.type === "folder" && folders.has(c.id));
    if (!covers) continue;
    if (c.accessRole === "editor") return "editor";
    if (c.accessRole === "viewer") role = "viewer";
  }
  return role;
}
