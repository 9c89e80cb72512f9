import type { Tx } from "@/lib/infra/db";
import { asJson } from "../json-fields";
import type { UserRef } from "../events/user-ref";
import type { OrgScope } from "../organizations/organization-scope";
import type { TaggedUserContact } from "./comment-input";
import { reactionRowId } from "./comment-rows";

// v1 Update Comment Annotations' updateUsers: a new user takes an old user's place in the annotations: as
// the author of the annotation and of comments, as the assignee, in mentions and in reactions. A data fix,
// so no events are emitted.

const isUser = (v: unknown, userId: string) => (v as { userId?: string } | null)?.userId === userId;

export async function swapAnnotationUsers(
  tx: Tx,
  org: OrgScope,
  documentId: string,
  annotationIds: string[],
  swap: { oldUser: UserRef; newUser: UserRef },
) {
  const from = swap.oldUser.userId;
  const to = swap.newUser;
  const annotations = await tx.commentAnnotation.findMany({
    where: { ...org, documentId, annotationId: { in: annotationIds } },
    select: { id: true, from: true, assignedTo: true },
  });
  const rowIds = annotations.map((a) => a.id);
  for (const a of annotations) {
    const author = isUser(a.from, from);
    const assignee = isUser(a.assignedTo, from);
    if (!author && !assignee) continue;
    await tx.commentAnnotation.updateMany({
      where: { id: a.id, ...org },
      data: {
        ...(author && { from: asJson(to), fromUserId: to.userId }),
        ...(assignee && { assignedTo: asJson(to), assignedToUserId: to.userId }),
      },
    });
  }
  await tx.comment.updateMany({
    where: { ...org, annotationRowId: { in: rowIds }, fromUserId: from },
    data: { from: asJson(to), fromUserId: to.userId },
  });
  const tagging = await tx.comment.findMany({
    where: { ...org, annotationRowId: { in: rowIds }, taggedUserIds: { has: from } },
    select: { id: true, taggedUserIds: true, taggedUserContacts: true },
  });
  for (const c of tagging) {
    const contacts = ((c.taggedUserContacts ?? []) as TaggedUserContact[]).map((t) =>
      t.userId === from
        ? { ...t, userId: to.userId, contact: { ...t.contact, userId: to.userId, name: to.name, email: to.email } }
        : t,
    );
    await tx.comment.updateMany({
      where: { id: c.id, ...org },
      data: {
        taggedUserIds: [...new Set(c.taggedUserIds.map((u) => (u === from ? to.userId : u)))],
        taggedUserContacts: asJson(contacts),
      },
    });
  }
  // A reaction the new user already made with the same icon stays; the old user's duplicate goes.
  const reactions = await tx.commentReaction.findMany({
    where: { ...org, documentId, annotationId: { in: annotationIds }, userId: from },
    select: { id: true, commentRowId: true, icon: true },
  });
  for (const r of reactions) {
    const taken = await tx.commentReaction.count({
      where: { ...org, commentRowId: r.commentRowId, icon: r.icon, userId: to.userId },
    });
    if (taken) await tx.commentReaction.deleteMany({ where: { id: r.id, ...org } });
    else
      await tx.commentReaction.updateMany({
        where: { id: r.id, ...org },
        data: { id: reactionRowId(r.commentRowId, r.icon, to.userId), userId: to.userId, user: asJson(to) },
      });
  }
}
