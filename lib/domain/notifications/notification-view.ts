import type { Reader } from "@/lib/infra/db";
import { byClientId } from "../batch";
import type { OrgScope } from "../organizations/organization-scope";
import type { NotificationView } from "./notifications-contract";
import { readMarks } from "./notifications-store";

// A stored notification as Get Notifications and Get All User Data return it: every field of the spec's
// Notification table, `timestamp` in epoch ms, recipients as the notifyUsers / notifyUsersByUserId maps.

export const notificationSelect = {
  id: true,
  apiKeyId: true,
  organizationId: true,
  documentId: true,
  notificationId: true,
  locationId: true,
  notificationSource: true,
  notificationSourceData: true,
  actionUser: true,
  headlineTemplate: true,
  headlineTemplateData: true,
  bodyMessage: true,
  createdAt: true,
} as const;

interface NotificationRow {
  id: string;
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  notificationId: string;
  locationId: string | null;
  notificationSource: string;
  notificationSourceData: unknown;
  actionUser: unknown;
  headlineTemplate: string | null;
  headlineTemplateData: unknown;
  bodyMessage: string | null;
  createdAt: Date;
}

/** Views of the rows, in their order, with each one's recipients (and the reader's read state). */
export async function notificationViews(
  tx: Reader,
  rows: NotificationRow[],
  reader?: OrgScope & { userId: string },
): Promise<NotificationView[]> {
  const rowIds = rows.map((r) => r.id);
  const [recipients, reads] = rows.length
    ? await Promise.all([
        tx.notificationRecipient.findMany({
          where: { notificationRowId: { in: rowIds } },
          select: { notificationRowId: true, userId: true, userKey: true },
        }),
        reader ? readMarks(tx, reader, rowIds, reader.userId) : undefined,
      ])
    : [[], undefined];
  const read = reads && new Map(reads.map((r) => [r.notificationRowId, r.persistForYou]));
  const byRow = new Map<string, { userId: string; userKey: string }[]>();
  for (const r of recipients)
    (byRow.get(r.notificationRowId) ?? byRow.set(r.notificationRowId, []).get(r.notificationRowId)!).push(r);
  return rows.map((n) => {
    const notifyUsers = byClientId<true>();
    const notifyUsersByUserId = byClientId<true>();
    for (const r of byRow.get(n.id) ?? []) {
      notifyUsers[r.userKey] = true;
      notifyUsersByUserId[r.userId] = true;
    }
    return {
      id: n.notificationId,
      notificationSource: n.notificationSource,
      notificationSourceData: (n.notificationSourceData ?? {}) as Record<string, unknown>,
      actionUser: n.actionUser as NotificationView["actionUser"],
      ...(n.headlineTemplate !== null && { displayHeadlineMessageTemplate: n.headlineTemplate }),
      displayHeadlineMessageTemplateData: (n.headlineTemplateData ?? {}) as Record<string, unknown>,
      ...(n.bodyMessage !== null && { displayBodyMessage: n.bodyMessage }),
      metadata: {
        apiKey: n.apiKeyId,
        documentId: n.documentId,
        organizationId: n.organizationId,
        ...(n.locationId !== null && { locationId: n.locationId }),
      },
      notifyUsers,
      notifyUsersByUserId,
      timestamp: n.createdAt.getTime(),
      ...(read && { isUnread: !read.has(n.id), forYou: !read.has(n.id) || read.get(n.id) === true }),
    };
  });
}
