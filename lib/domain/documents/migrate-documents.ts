import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { DomainError, invalid, notFound } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { DOCUMENT_MISSING } from "./documents-store";
import { migrationJob } from "./migration-job";

export const migrateDocumentsInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  newDocumentId: clientId,
});

/** Records a pending migration and enqueues its job in the same transaction; the job moves the data. */
export async function migrateDocuments(scope: ApiKeyScope, input: z.output<typeof migrateDocumentsInput>, tx: Tx) {
  const org = orgScope(scope, input.organizationId);
  if (input.newDocumentId === input.documentId) throw invalid("newDocumentId must differ from documentId.");
  const present = await tx.document.findMany({
    where: { ...org, documentId: { in: [input.documentId, input.newDocumentId] } },
    select: { documentId: true },
  });
  if (!present.some((d) => d.documentId === input.documentId)) throw notFound(`${DOCUMENT_MISSING}.`);
  if (present.some((d) => d.documentId === input.newDocumentId)) {
    throw new DomainError("ALREADY_EXISTS", "A document with newDocumentId already exists.");
  }
  const migrationId = newId("mig");
  await tx.documentMigration.create({
    data: {
      id: migrationId,
      ...org,
      documentId: input.documentId,
      newDocumentId: input.newDocumentId,
      status: "pending",
    },
  });
  await migrationJob.enqueue(tx, { apiKeyId: scope.apiKeyId, migrationId });
  return { migrationId };
}
