import { randomInt } from "node:crypto";
import type { Reader } from "@/lib/infra/db";
import { derivedId } from "@/lib/infra/ids";
import { byClientId, type ItemResult, type ItemResults } from "../batch";
import type { OrgScope } from "../organizations/organization-scope";
import type { UserRef } from "../events/user-ref";
import type { TaggedUserContact } from "./comment-input";
import type { AnnotationView, CommentView } from "./comments-contract";

// Row ids and the public views of annotations, comments and reactions (what Get returns and what events
// carry as `data.commentAnnotation` / `data.comment`).

export const annotationRowId = (org: OrgScope, annotationId: string) =>
  derivedId("can", [org.apiKeyId, org.organizationId, annotationId]);
export const commentRowId = (annotationRow: string, commentId: number) =>
  derivedId("cmt", [annotationRow, String(commentId)]);
export const reactionRowId = (commentRow: string, icon: string, userId: string) =>
  derivedId("rct", [commentRow, icon, userId]);

export const ANNOTATION_MISSING = "Comment annotation does not exist.";
export const COMMENT_MISSING = "Comment does not exist.";

/** A fresh six-digit comment id (the hosted service's style) not in `taken`. */
export function newCommentId(taken: Set<number>): number {
  for (;;) {
    const id = randomInt(100_000, 1_000_000);
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

export const annotationInclude = {
  comments: {
    orderBy: [{ createdAt: "asc" as const }, { commentId: "asc" as const }],
    include: { reactions: { orderBy: { createdAt: "asc" as const } } },
  },
};

interface ReactionRow {
  icon: string;
  userId: string;
  user: unknown;
  createdAt: Date;
}

export interface CommentRow {
  annotationId: string;
  commentId: number;
  commentText: string;
  commentHtml: string | null;
  from: unknown;
  taggedUserContacts: unknown;
  context: unknown;
  isEdited: boolean;
  createdAt: Date;
  updatedAt: Date;
  reactions?: ReactionRow[];
}

export interface AnnotationRow {
  id: string;
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  annotationId: string;
  location: unknown;
  targetElement: unknown;
  status: unknown;
  priority: unknown;
  assignedTo: unknown;
  context: unknown;
  from: unknown;
  createdAt: Date;
  updatedAt: Date;
  comments: CommentRow[];
}

const present = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };

export function reactionView(r: ReactionRow) {
  return { icon: r.icon, from: r.user as UserRef, createdAt: r.createdAt.getTime() };
}

export function commentView(c: CommentRow): CommentView {
  return {
    annotationId: c.annotationId,
    commentId: c.commentId,
    commentText: c.commentText,
    ...present({ commentHtml: c.commentHtml }),
    from: c.from as UserRef,
    ...present({
      taggedUserContacts: c.taggedUserContacts as TaggedUserContact[] | null,
      context: c.context as Record<string, unknown> | null,
    }),
    isEdited: c.isEdited,
    reactions: (c.reactions ?? []).map(reactionView),
    createdAt: c.createdAt.getTime(),
    lastUpdated: c.updatedAt.getTime(),
  };
}

export function annotationView(a: AnnotationRow): AnnotationView {
  return {
    annotationId: a.annotationId,
    organizationId: a.organizationId,
    documentId: a.documentId,
    ...present({
      location: a.location as Record<string, unknown> | null,
      targetElement: a.targetElement as Record<string, unknown> | null,
      status: a.status as Record<string, unknown> | null,
      priority: a.priority as Record<string, unknown> | null,
      assignedTo: a.assignedTo as UserRef | null,
      context: a.context as Record<string, unknown> | null,
    }),
    from: a.from as UserRef,
    comments: a.comments.map(commentView),
    createdAt: a.createdAt.getTime(),
    lastUpdated: a.updatedAt.getTime(),
  };
}

/** The annotation with its comments and reactions, in the document; null when it does not exist. */
export function loadAnnotation(tx: Reader, org: OrgScope, documentId: string, annotationId: string) {
  return tx.commentAnnotation.findFirst({ where: { ...org, documentId, annotationId }, include: annotationInclude });
}

type LoadedAnnotation = NonNullable<Awaited<ReturnType<typeof loadAnnotation>>>;

/**
 * The loop of the per-annotation batch operations: `change` runs for each annotation that exists, in order,
 * and its success message is that item's outcome; a missing annotation is an item failure.
 */
export async function forEachAnnotation(
  tx: Reader,
  org: OrgScope,
  documentId: string,
  annotationIds: readonly string[],
  change: (before: LoadedAnnotation, annotationId: string) => Promise<string>,
): Promise<ItemResults> {
  const results = byClientId<ItemResult>();
  for (const annotationId of annotationIds) {
    const before = await loadAnnotation(tx, org, documentId, annotationId);
    results[annotationId] = before
      ? { success: true, id: annotationId, message: await change(before, annotationId) }
      : { success: false, id: annotationId, message: ANNOTATION_MISSING };
  }
  return results;
}
