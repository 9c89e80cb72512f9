import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Reader } from "@/lib/infra/db";
import { requireAdvancedQueries } from "../advanced-queries";
import { clientId } from "../fields";
import { orderedPageArgs, orderedPagingInput } from "../ordered-paging";
import { orgScope, type OrgScope } from "../organizations/organization-scope";
import { takePage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { notificationSelect, notificationViews } from "./notification-view";

const filters = {
  organizationId: clientId,
  documentId: clientId.optional(),
  locationId: clientId.optional(),
  userId: clientId.optional(),
  notificationIds: z.array(clientId).max(30).optional(),
};

export const getNotificationsV1Input = z.strictObject(filters);
export const getNotificationsV2Input = z.strictObject({ ...filters, ...orderedPagingInput });

/** v1 has no paging: the newest notifications up to this many. */
export const V1_LIMIT = 1000;

export function notificationWhere(
  org: OrgScope,
  f: { documentId?: string; locationId?: string; userId?: string; notificationIds?: string[] },
) {
  return {
    ...org,
    ...(f.documentId !== undefined && { documentId: f.documentId }),
    ...(f.locationId !== undefined && { locationId: f.locationId }),
    ...(f.notificationIds && { notificationId: { in: f.notificationIds } }),
    ...(f.userId !== undefined && { recipients: { some: { userId: f.userId } } }),
  } satisfies Prisma.NotificationWhereInput;
}

/** With a userId filter, the notifications are that user's inbox: they carry the user's read state. */
const readerOf = (org: OrgScope, input: { userId?: string }) =>
  input.userId === undefined ? undefined : { ...org, userId: input.userId };

/** Get Notifications v1: filters combine (userId = notifications that user receives); newest first. */
export async function getNotificationsV1(
  scope: ApiKeyScope,
  input: z.output<typeof getNotificationsV1Input>,
  tx: Reader,
) {
  const org = orgScope(scope, input.organizationId);
  const rows = await tx.notification.findMany({
    where: notificationWhere(org, input),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: V1_LIMIT,
    select: notificationSelect,
  });
  return notificationViews(tx, rows, readerOf(org, input));
}

/** Get Notifications v2: the same filters, paged, sorted by timestamp (`order`, default desc). */
export async function getNotificationsV2(
  scope: ApiKeyScope,
  input: z.output<typeof getNotificationsV2Input>,
  tx: Reader,
) {
  await requireAdvancedQueries(scope, tx);
  return listNotifications(scope, input, tx);
}

/** Get Notifications v2's page whatever the key's advanced queries switch says (the console's Data page). */
export async function listNotifications(
  scope: ApiKeyScope,
  input: z.output<typeof getNotificationsV2Input>,
  tx: Reader,
) {
  const org = orgScope(scope, input.organizationId);
  const rows = await tx.notification.findMany({
    ...orderedPageArgs(input, notificationWhere(org, input)),
    select: notificationSelect,
  });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return { notifications: await notificationViews(tx, page, readerOf(org, input)), pageToken: nextPageToken };
}
