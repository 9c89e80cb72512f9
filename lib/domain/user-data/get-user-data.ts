import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { invalid } from "../errors";
import { clientId } from "../fields";
import { commentView, reactionView } from "../comments/comment-rows";
import { notificationSelect, notificationViews } from "../notifications/notification-view";
import { orgScope } from "../organizations/organization-scope";
import { afterPosition, decodeToken, encodeToken, isPosition, pageOrder, type Position } from "../paging";
import type { ApiKeyScope } from "../scope";

// Get All User Data: everything weft holds about one user in an organization, one feature per array, up to
// 100 items of each per page. The opaque token carries a keyset position per feature (or "done"), so each
// feature pages on its own; the token is null once every feature is exhausted. Recordings do not exist in
// weft yet: always an empty array.

export const PER_FEATURE = 100;

export const getUserDataInput = z.strictObject({
  organizationId: clientId,
  userId: clientId,
  pageToken: z.string().max(2000).optional(),
});

const FEATURES = ["comments", "reactions", "notifications"] as const;
type Feature = (typeof FEATURES)[number];
type Cursor = Partial<Record<Feature, [number, string] | "done">>;

function decode(token: string | undefined): Cursor {
  if (token === undefined) return {};
  const c = decodeToken(token) as Cursor | undefined;
  // Only this list's tokens: an object of the features' positions, nothing else (another list's token is an array).
  const ok =
    typeof c === "object" &&
    c !== null &&
    !Array.isArray(c) &&
    Object.keys(c).every((k) => (FEATURES as readonly string[]).includes(k)) &&
    FEATURES.every(
      (f) => c[f] === undefined || c[f] === "done" || (Array.isArray(c[f]) && isPosition(c[f][0], c[f][1])),
    );
  if (ok) return c;
  throw invalid("pageToken is invalid; pass back the token of the previous page unchanged.");
}

function split<T extends { createdAt: Date; id: string }>(rows: T[]): { page: T[]; next: [number, string] | "done" } {
  const page = rows.slice(0, PER_FEATURE);
  const last = page[page.length - 1];
  return { page, next: rows.length > PER_FEATURE && last ? [last.createdAt.getTime(), last.id] : "done" };
}

export async function getUserData(scope: ApiKeyScope, input: z.output<typeof getUserDataInput>, tx: Reader) {
  const org = orgScope(scope, input.organizationId);
  const cursor = decode(input.pageToken);
  const userId = input.userId;
  const after = (f: Feature) => {
    const c = cursor[f];
    return afterPosition(Array.isArray(c) ? ({ at: c[0], id: c[1] } satisfies Position) : undefined);
  };
  const page = { orderBy: pageOrder, take: PER_FEATURE + 1 };
  const next: Cursor = {};

  let comments: (ReturnType<typeof commentView> & { documentId: string; organizationId: string })[] = [];
  if (cursor.comments !== "done") {
    const rows = await tx.comment.findMany({
      where: {
        AND: [
          {
            ...org,
            OR: [
              { fromUserId: userId },
              { taggedUserIds: { has: userId } },
              { annotation: { assignedToUserId: userId } },
            ],
          },
          after("comments"),
        ],
      },
      include: { reactions: { orderBy: { createdAt: "asc" } } },
      ...page,
    });
    const s = split(rows);
    comments = s.page.map((c) => ({ ...commentView(c), documentId: c.documentId, organizationId: c.organizationId }));
    next.comments = s.next;
  } else next.comments = "done";

  let reactions: (ReturnType<typeof reactionView> & { documentId: string; annotationId: string; commentId: number })[] =
    [];
  if (cursor.reactions !== "done") {
    const rows = await tx.commentReaction.findMany({
      where: { AND: [{ ...org, userId }, after("reactions")] },
      ...page,
    });
    const s = split(rows);
    reactions = s.page.map((r) => ({
      ...reactionView(r),
      documentId: r.documentId,
      annotationId: r.annotationId,
      commentId: r.commentId,
    }));
    next.reactions = s.next;
  } else next.reactions = "done";

  let notifications: Awaited<ReturnType<typeof notificationViews>> = [];
  if (cursor.notifications !== "done") {
    const rows = await tx.notification.findMany({
      where: {
        AND: [{ ...org, OR: [{ recipients: { some: { userId } } }, { actionUserId: userId }] }, after("notifications")],
      },
      select: notificationSelect,
      ...page,
    });
    const s = split(rows);
    notifications = await notificationViews(tx, s.page, { ...org, userId });
    next.notifications = s.next;
  } else next.notifications = "done";

  const finished = FEATURES.every((f) => next[f] === "done");
  return {
    data: { comments, reactions, recordings: [] as unknown[], notifications },
    nextPageToken: finished ? null : encodeToken(next),
  };
}
