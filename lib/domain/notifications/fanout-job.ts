import { db } from "@/lib/infra/db";
import { defineJob } from "@/lib/infra/jobs";
import type { OrgScope } from "../organizations/organization-scope";

// notifyAll: every organization-level user (a live organization membership) becomes a recipient. One
// INSERT ... SELECT in the database (10,000 users is one statement, not 10,000 round trips), idempotent
// under pg-boss's retries.

export interface FanoutJob extends OrgScope {
  notificationRowId: string;
}

export async function fanOutNotification(job: FanoutJob): Promise<number> {
  return db().$executeRaw`
    INSERT INTO "NotificationRecipient" ("notificationRowId", "apiKeyId", "organizationId", "userId", "userKey", "createdAt")
    SELECT n."id", u."apiKeyId", u."organizationId", u."userId", COALESCE(NULLIF(u."email", ''), u."userId"), n."createdAt"
    FROM "Notification" n
    JOIN "Membership" m ON m."apiKeyId" = n."apiKeyId" AND m."organizationId" = n."organizationId"
      AND m."resourceType" = 'organization' AND m."resourceId" = n."organizationId"
      AND (m."expiresAt" IS NULL OR m."expiresAt" > now())
    JOIN "OrganizationUser" u ON u."apiKeyId" = m."apiKeyId" AND u."organizationId" = m."organizationId" AND u."userId" = m."userId"
    WHERE n."id" = ${job.notificationRowId} AND n."apiKeyId" = ${job.apiKeyId} AND n."organizationId" = ${job.organizationId}
    ON CONFLICT DO NOTHING`;
}

export const fanoutJob = defineJob<FanoutJob>("notifications.fanout", async (job) => {
  await fanOutNotification(job);
});
