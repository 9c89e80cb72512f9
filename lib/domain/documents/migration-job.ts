import { z } from "zod";
import { defineJob, type JobContext } from "@/lib/infra/jobs/define-job";
import { SECOND } from "@/lib/infra/jobs/retry-policy";
import { errorFields, log } from "@/lib/infra/log";
import type { OrgScope } from "../organizations/organization-scope";
import { lockOrganization } from "../organizations/organizations-store";
import { reportJobProgress } from "../jobs/job-progress";
import { moveDocumentData } from "./document-data";
import { MIGRATION_JOB_KIND, migrationProgress } from "./migration-progress";

// The background half of Migrate Documents: pending -> in_progress -> completed, or failed with a reason.
// The move and the "completed" mark commit together, so a worker that dies mid-way, or a transaction the
// database refuses (a serialization failure, a lost connection), leaves the migration in_progress with
// nothing moved, and the job's retry policy runs it again; only its last attempt marks it failed.

export const MIGRATION_STATUSES = ["pending", "in_progress", "completed", "failed"] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];

const migrationJobPayload = z.object({ apiKeyId: z.string(), migrationId: z.string() });
type MigrationJob = z.output<typeof migrationJobPayload>;

class MigrationFailure extends Error {}

export async function runMigration(
  { apiKeyId, migrationId }: MigrationJob,
  { db, transaction, lastAttempt }: JobContext,
) {
  const where = { id: migrationId, apiKeyId };
  const claimed = await db.documentMigration.updateMany({
    where: { ...where, status: { in: ["pending", "in_progress"] } },
    data: { status: "in_progress" },
  });
  if (claimed.count === 0) return;
  const progress = (status: MigrationStatus, reason?: string) =>
    migrationProgress({ id: migrationId, apiKeyId, status, reason });
  await reportJobProgress(progress("in_progress"));
  try {
    await transaction(async (tx) => {
      const m = await tx.documentMigration.findFirstOrThrow({
        where,
        select: { organizationId: true, documentId: true, newDocumentId: true },
      });
      const org: OrgScope = { apiKeyId, organizationId: m.organizationId };
      await lockOrganization(tx, org);
      const present = await tx.document.findMany({
        where: { ...org, documentId: { in: [m.documentId, m.newDocumentId] } },
        select: { documentId: true },
      });
      const has = (id: string) => present.some((d) => d.documentId === id);
      if (!has(m.documentId)) throw new MigrationFailure(`Document ${m.documentId} does not exist.`);
      if (has(m.newDocumentId)) throw new MigrationFailure(`Document ${m.newDocumentId} already exists.`);
      await moveDocumentData(tx, org, m.documentId, m.newDocumentId);
      await tx.documentMigration.updateMany({ where, data: { status: "completed" } });
      await reportJobProgress(progress("completed"), tx);
    });
  } catch (e) {
    if (e instanceof MigrationFailure) {
      await db.documentMigration.updateMany({ where, data: { status: "failed", reason: e.message } });
      await reportJobProgress(progress("failed", e.message));
      return;
    }
    if (!lastAttempt) throw e; // retried by the job's policy
    log.error("document migration failed", { migrationId, ...errorFields(e) });
    const reason = "Internal error while moving the document's data.";
    await db.documentMigration.updateMany({ where, data: { status: "failed", reason } });
    await reportJobProgress(progress("failed", reason));
    throw e;
  }
}

export const migrationJob = defineJob({
  kind: MIGRATION_JOB_KIND,
  payload: migrationJobPayload,
  retry: { delaysMs: [5 * SECOND, 10 * SECOND, 20 * SECOND] },
  run: runMigration,
});
