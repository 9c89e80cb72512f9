import type { Tx } from "@/lib/infra/db";
import { moveEvents, removeEvents } from "../events/events-store";
import type { OrgScope } from "../organizations/organization-scope";
import { documentRowId } from "./documents-store";

// Everything stored under a document id, in one list. Migrate Documents moves each entry's rows from the old
// id to the new one; Delete Documents and Delete Folder remove them; both in the caller's transaction.
// A table keyed by documentId (notifications, activity, CRDT data, comments, ...) adds its entry here.

export interface DocumentData {
  name: string;
  move(tx: Tx, org: OrgScope, from: string, to: string): Promise<unknown>;
  remove(tx: Tx, org: OrgScope, documentIds: string[]): Promise<unknown>;
}

export const documentData: DocumentData[] = [
  {
    name: "document",
    move: (tx, org, from, to) =>
      tx.document.updateMany({
        where: { ...org, documentId: from },
        data: { documentId: to, id: documentRowId(org, to) },
      }),
    remove: (tx, org, documentIds) => tx.document.deleteMany({ where: { ...org, documentId: { in: documentIds } } }),
  },
  {
    name: "memberships",
    move: (tx, org, from, to) =>
      tx.membership.updateMany({
        where: { ...org, resourceType: "document", resourceId: from },
        data: { resourceId: to },
      }),
    remove: (tx, org, documentIds) =>
      tx.membership.deleteMany({ where: { ...org, resourceType: "document", resourceId: { in: documentIds } } }),
  },
  {
    name: "group grants",
    move: (tx, org, from, to) =>
      tx.userGroupGrant.updateMany({
        where: { ...org, resourceType: "document", resourceId: from },
        data: { resourceId: to },
      }),
    remove: (tx, org, documentIds) =>
      tx.userGroupGrant.deleteMany({ where: { ...org, resourceType: "document", resourceId: { in: documentIds } } }),
  },
  {
    name: "crdt",
    move: (tx, org, from, to) =>
      tx.crdtDocument.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } }),
    remove: (tx, org, documentIds) =>
      tx.crdtDocument.deleteMany({ where: { ...org, documentId: { in: documentIds } } }),
  },
  {
    // Execution history stays when a document is deleted (it records what ran); a migration relabels it.
    name: "agent executions",
    move: (tx, org, from, to) =>
      tx.agentExecution.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } }),
    remove: async () => {},
  },
  {
    // Recipients go with their notification (foreign key, cascade).
    name: "notifications",
    move: (tx, org, from, to) =>
      tx.notification.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } }),
    remove: (tx, org, documentIds) =>
      tx.notification.deleteMany({ where: { ...org, documentId: { in: documentIds } } }),
  },
  {
    // A user's document-level preferences; what was set for the new id before the move gives way.
    name: "notification preferences",
    move: async (tx, org, from, to) => {
      await tx.notificationPreference.deleteMany({ where: { ...org, documentId: to } });
      await tx.notificationPreference.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } });
    },
    remove: (tx, org, documentIds) =>
      tx.notificationPreference.deleteMany({ where: { ...org, documentId: { in: documentIds } } }),
  },
  {
    // Who is in the document and its live state values (the live server reads them by document).
    name: "presence and live state",
    move: async (tx, org, from, to) => {
      await tx.documentPresence.deleteMany({ where: { ...org, documentId: to } });
      await tx.liveState.deleteMany({ where: { ...org, documentId: to } });
      await tx.documentPresence.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } });
      await tx.liveState.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } });
    },
    remove: async (tx, org, documentIds) => {
      await tx.documentPresence.deleteMany({ where: { ...org, documentId: { in: documentIds } } });
      await tx.liveState.deleteMany({ where: { ...org, documentId: { in: documentIds } } });
    },
  },
  {
    name: "activity logs",
    move: (tx, org, from, to) =>
      tx.activityLog.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } }),
    remove: (tx, org, documentIds) => tx.activityLog.deleteMany({ where: { ...org, documentId: { in: documentIds } } }),
  },
  {
    // Comments, reactions and read marks go with their annotation (foreign keys, cascade).
    name: "comments",
    move: async (tx, org, from, to) => {
      await tx.commentAnnotation.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } });
      await tx.comment.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } });
      await tx.commentReaction.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } });
      await tx.commentAnnotationRead.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } });
    },
    remove: (tx, org, documentIds) =>
      tx.commentAnnotation.deleteMany({ where: { ...org, documentId: { in: documentIds } } }),
  },
  {
    name: "events",
    move: moveEvents,
    remove: removeEvents,
  },
];

export async function moveDocumentData(tx: Tx, org: OrgScope, from: string, to: string) {
  for (const d of documentData) await d.move(tx, org, from, to);
}

export async function removeDocumentData(tx: Tx, org: OrgScope, documentIds: string[]) {
  if (!documentIds.length) return;
  for (const d of documentData) await d.remove(tx, org, documentIds);
}
