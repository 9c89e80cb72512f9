import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { requireAdvancedQueries } from "../advanced-queries";
import { byClientId } from "../batch";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { countAnnotations } from "./comments-store";

export const countCommentAnnotationsInput = z.strictObject({
  organizationId: clientId,
  documentIds: z.array(clientId).min(1).max(30),
  userId: clientId.describe("Whose read marks decide which annotations are unread."),
  statusIds: z.array(z.string().min(1).max(100)).min(1).max(30).optional(),
});

/**
 * Get Comment Annotations Count: per document asked, its annotations (in statusIds, when given) and how many
 * of them are unread for userId (comments-store.ts says when). A document without annotations counts 0 / 0.
 */
export async function countCommentAnnotations(
  scope: ApiKeyScope,
  input: z.output<typeof countCommentAnnotationsInput>,
  db: Reader,
) {
  await requireAdvancedQueries(scope, db);
  const documentIds = [...new Set(input.documentIds)];
  const rows = await countAnnotations(
    db,
    orgScope(scope, input.organizationId),
    documentIds,
    input.userId,
    input.statusIds,
  );
  const counts = byClientId<{ total: number; unread: number }>();
  for (const id of documentIds) counts[id] = { total: 0, unread: 0 };
  for (const r of rows) counts[r.documentId] = { total: r.total, unread: r.unread };
  return counts;
}
