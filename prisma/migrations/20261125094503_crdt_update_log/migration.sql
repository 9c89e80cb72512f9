-- CreateTable
CREATE TABLE "CrdtUpdate" (
    "id" BIGSERIAL NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "editorId" TEXT NOT NULL,
    "update" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CrdtUpdate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CrdtUpdate_apiKeyId_organizationId_documentId_editorId_id_idx" ON "CrdtUpdate"("apiKeyId", "organizationId", "documentId", "editorId", "id");

-- AddForeignKey
ALTER TABLE "CrdtUpdate" ADD CONSTRAINT "CrdtUpdate_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
