import { Prisma } from "@/lib/generated/prisma/client";
import type { Reader, Tx } from "@/lib/infra/db";
import type { OrgScope } from "../organizations/organization-scope";

// The comments area's raw SQL: read state. An annotation is unread for a user while it holds a comment by
// someone else written after the user's read mark (CommentAnnotationRead.readAt), or any such comment when
// the user has no mark; the user's own comments never make it unread.

export interface AnnotationCounts {
  documentId: string;
  total: number;
  unread: number;
}

/** Per document (those that have annotations), how many annotations it has and how many are unread for the user. */
export function countAnnotations(
  db: Reader,
  org: OrgScope,
  documentIds: string[],
  userId: string,
  statusIds: string[] | undefined,
) {
  const status = statusIds ? Prisma.sql`AND a."statusId" = ANY(${statusIds}::text[])` : Prisma.empty;
  return db.$queryRaw<AnnotationCounts[]>`
    SELECT a."documentId", count(*)::int AS total,
      (count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM "Comment" c
        WHERE c."annotationRowId" = a."id" AND c."fromUserId" <> ${userId}
          AND (r."readAt" IS NULL OR c."createdAt" > r."readAt"))))::int AS unread
    FROM "CommentAnnotation" a
    LEFT JOIN "CommentAnnotationRead" r ON r."annotationRowId" = a."id" AND r."userId" = ${userId}
      AND r."apiKeyId" = a."apiKeyId"
    WHERE a."apiKeyId" = ${org.apiKeyId} AND a."organizationId" = ${org.organizationId}
      AND a."documentId" = ANY(${documentIds}::text[]) ${status}
    GROUP BY a."documentId"`;
}

/** Marks the annotations (by row id) read for these users as of now: every comment so far counts as read. */
export function markAnnotationsRead(
  tx: Tx,
  org: OrgScope,
  documentId: string,
  annotationRowIds: string[],
  userIds: string[],
) {
  return tx.$executeRaw`
    INSERT INTO "CommentAnnotationRead" ("annotationRowId", "apiKeyId", "organizationId", "documentId", "userId", "readAt")
    SELECT a, ${org.apiKeyId}, ${org.organizationId}, ${documentId}, u, now()
    FROM unnest(${annotationRowIds}::text[]) AS a CROSS JOIN unnest(${userIds}::text[]) AS u
    ON CONFLICT ("annotationRowId", "userId") DO UPDATE SET "readAt" = EXCLUDED."readAt"`;
}
