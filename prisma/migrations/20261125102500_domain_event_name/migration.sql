-- The event outbox is renamed DomainEvent, so that "outbox" names only the dev mail outbox (OutboxMail).
ALTER TABLE "EventOutbox" RENAME TO "DomainEvent";

ALTER TABLE "DomainEvent" RENAME CONSTRAINT "EventOutbox_pkey" TO "DomainEvent_pkey";

ALTER INDEX "EventOutbox_dispatchedAt_availableAt_idx" RENAME TO "DomainEvent_dispatchedAt_availableAt_idx";

ALTER INDEX "EventOutbox_apiKeyId_organizationId_documentId_seq_key" RENAME TO "DomainEvent_apiKeyId_organizationId_documentId_seq_key";
