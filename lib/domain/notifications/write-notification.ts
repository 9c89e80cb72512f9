import type { Tx } from "@/lib/infra/db";
import { derivedId } from "@/lib/infra/ids";
import { documentAccessForUsers } from "../access/document-access";
import { asJson } from "../json-fields";
import type { OrgScope } from "../organizations/organization-scope";
import type { UserRef } from "../events/user-ref";
import { fanoutJob } from "./fanout-job";
import { preferenceAdmits, preferencesFor } from "./notification-preferences";

// The one way a notification is stored, by Add Notifications and by the event consumer alike. The
// notificationId dedupes: writing an id that exists changes nothing.

export interface NotificationDraft {
  documentId: string;
  notificationId: string;
  locationId?: string;
  notificationSource: string;
  notificationSourceData?: Record<string, unknown>;
  actionUser: UserRef;
  headlineTemplate?: string;
  headlineTemplateData?: Record<string, unknown>;
  bodyMessage?: string;
  /** Named recipients, written now. */
  recipients: UserRef[];
  /** Every organization user too, written by the fan-out job. */
  notifyAll: boolean;
  /** Only users who may open the document (the access model: lib/domain/access). */
  verifyUserPermissions?: boolean;
  isResolverUsed?: boolean;
  context?: Record<string, unknown>;
}

export const notificationRowId = (org: OrgScope, notificationId: string) =>
  derivedId("ntf", [org.apiKeyId, org.organizationId, notificationId]);

export const recipientKey = (u: { userId: string; email?: string | null }) => u.email || u.userId;

/** Users among `userIds` who may open the document now (lib/domain/access). */
export async function permittedUserIds(
  tx: Tx,
  org: OrgScope,
  documentId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const access = await documentAccessForUsers(tx, { ...org, documentId }, userIds);
  return new Set(userIds.filter((u) => access.get(u)!.role !== null));
}

/** Stores the notification unless its id exists; true when it was new. */
export async function writeNotification(tx: Tx, org: OrgScope, n: NotificationDraft): Promise<boolean> {
  const id = notificationRowId(org, n.notificationId);
  const { count } = await tx.notification.createMany({
    data: [
      {
        id,
        ...org,
        documentId: n.documentId,
        notificationId: n.notificationId,
        locationId: n.locationId,
        notificationSource: n.notificationSource,
        notificationSourceData: asJson(n.notificationSourceData),
        actionUserId: n.actionUser.userId,
        actionUser: asJson(n.actionUser)!,
        headlineTemplate: n.headlineTemplate,
        headlineTemplateData: asJson(n.headlineTemplateData),
        bodyMessage: n.bodyMessage,
        notifyAll: n.notifyAll,
        isResolverUsed: n.isResolverUsed ?? false,
        context: asJson(n.context),
      },
    ],
    skipDuplicates: true,
  });
  if (count === 0) return false;
  let recipients = n.recipients;
  if (n.verifyUserPermissions) {
    const allowed = await permittedUserIds(
      tx,
      org,
      n.documentId,
      recipients.map((r) => r.userId),
    );
    recipients = recipients.filter((r) => allowed.has(r.userId));
  }
  // Named recipients are involved (MINE admits them); an inbox preference of NONE turns them down.
  const inbox = await preferencesFor(
    tx,
    org,
    n.documentId,
    recipients.map((r) => r.userId),
    "inbox",
  );
  recipients = recipients.filter((r) => preferenceAdmits(inbox.get(r.userId), true));
  if (recipients.length) {
    await tx.notificationRecipient.createMany({
      data: recipients.map((r) => ({ notificationRowId: id, ...org, userId: r.userId, userKey: recipientKey(r) })),
      skipDuplicates: true,
    });
  }
  if (n.notifyAll) await fanoutJob.enqueue(tx, { notificationRowId: id, ...org });
  return true;
}
