import type { Reader, Tx } from "@/lib/infra/db";
import type { EventUser } from "../events/event";

// The email area's data access: the per-workspace daily count of mail through the instance's SendGrid key, and
// the directory lookup that decides whether a recipient is a user the key knows.

/**
 * Counts one mail for the workspace's current UTC day unless `limit` is reached; false when it is. One
 * statement: concurrent callers on any instance queue on the row, and each sees the count the others left.
 */
export async function countInstanceMail(tx: Tx, workspaceId: string, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = await tx.$queryRaw<{ sent: number }[]>`
    INSERT INTO "EmailDailyCount" ("workspaceId", "day", "sent")
    VALUES (${workspaceId}, (now() AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT ("workspaceId", "day") DO UPDATE SET "sent" = "EmailDailyCount"."sent" + 1
    WHERE "EmailDailyCount"."sent" < ${limit}
    RETURNING "sent"`;
  return rows.length > 0;
}

/** The recipient is a user of the key's organization, with this address in the user directory. */
export async function isKnownRecipient(
  db: Reader,
  org: { apiKeyId: string; organizationId: string },
  user: EventUser & { email: string },
): Promise<boolean> {
  const found = await db.organizationUser.findFirst({
    where: {
      apiKeyId: org.apiKeyId,
      organizationId: org.organizationId,
      userId: user.userId,
      email: { equals: user.email, mode: "insensitive" },
    },
    select: { id: true },
  });
  return found !== null;
}
