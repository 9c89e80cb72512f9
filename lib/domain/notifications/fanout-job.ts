import { z } from "zod";
import { defineJob, type JobContext } from "@/lib/infra/jobs/define-job";
import { SECOND } from "@/lib/infra/jobs/retry-policy";
import type { OrgScope } from "../organizations/organization-scope";
import { addRecipients, hasInboxLimits, organizationMembersAfter } from "./notifications-store";

// notifyAll: every organization-level user (a live organization membership) becomes a recipient, written by
// this background job, never in the request. It walks the members in userId order, CHUNK at a time: one
// index range read of Membership and one INSERT ... SELECT of their directory entries by primary key each,
// committed together. Idempotent under the job's retries (ON CONFLICT DO NOTHING), and each chunk commits on
// its own, so a retry redoes only what is missing. Members whose inbox preference for the document is MINE or
// NONE are left out (fan-out names nobody); the check is in the INSERT, and only when the organization has such
// a preference at all.

const fanoutPayload = z.object({ apiKeyId: z.string(), organizationId: z.string(), notificationRowId: z.string() });
type FanoutJob = OrgScope & z.output<typeof fanoutPayload>;

export const FANOUT_CHUNK = 2000;

/** Adds the recipients; returns how many rows were new. */
export async function fanOutNotification(job: FanoutJob, ctx: Pick<JobContext, "db" | "commitInChunks">) {
  const { apiKeyId, organizationId, notificationRowId } = job;
  const org = { apiKeyId, organizationId };
  const notification = await ctx.db.notification.findFirst({
    where: { id: notificationRowId, apiKeyId, organizationId },
    select: { createdAt: true, documentId: true },
  });
  if (!notification) return 0;
  const inboxOf = (await hasInboxLimits(ctx.db, org)) ? notification.documentId : undefined;
  let added = 0;
  await ctx.commitInChunks("", async (tx, after) => {
    const members = await organizationMembersAfter(tx, org, after, FANOUT_CHUNK);
    if (!members.length) return undefined;
    const ids = members.map((m) => m.userId);
    added += await addRecipients(tx, org, notificationRowId, notification.createdAt, ids, inboxOf);
    return members.length < FANOUT_CHUNK ? undefined : ids[ids.length - 1];
  });
  return added;
}

export const fanoutJob = defineJob({
  kind: "notifications.fanout",
  payload: fanoutPayload,
  retry: { delaysMs: [5 * SECOND, 10 * SECOND, 20 * SECOND, 40 * SECOND, 80 * SECOND] },
  run: async (job, ctx) => {
    await fanOutNotification(job, ctx);
  },
});
