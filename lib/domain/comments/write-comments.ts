import type { Tx } from "@/lib/infra/db";
import { asJson } from "../json-fields";
import type { OrgScope } from "../organizations/organization-scope";
import type { CommentDataInput } from "./comment-input";
import { commentRowId, newCommentId } from "./comment-rows";

// Inserts comments into an annotation. Ids the client gives are kept; the rest are fresh six-digit ids.

export interface AnnotationRef {
  rowId: string;
  documentId: string;
  annotationId: string;
}

export async function insertComments(
  tx: Tx,
  org: OrgScope,
  a: AnnotationRef,
  comments: CommentDataInput[],
  taken: Set<number>,
  at: Date,
) {
  const ids: number[] = [];
  const rows = comments.map((c, i) => {
    const commentId = c.commentId ?? newCommentId(taken);
    ids.push(commentId);
    return {
      id: commentRowId(a.rowId, commentId),
      annotationRowId: a.rowId,
      ...org,
      documentId: a.documentId,
      annotationId: a.annotationId,
      commentId,
      commentText: c.commentText,
      commentHtml: c.commentHtml,
      fromUserId: c.from.userId,
      from: asJson(c.from)!,
      taggedUserContacts: asJson(c.taggedUserContacts),
      taggedUserIds: [...new Set((c.taggedUserContacts ?? []).map((t) => t.userId))],
      context: asJson(c.context),
      // Distinct timestamps keep the order of the request.
      createdAt: new Date(at.getTime() + i),
      updatedAt: new Date(at.getTime() + i),
    };
  });
  await tx.comment.createMany({ data: rows });
  return ids;
}
