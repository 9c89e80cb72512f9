-- CreateTable
CREATE TABLE "CrdtVersion" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "editorId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "contentKey" TEXT NOT NULL,
    "state" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "savedByUserId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CrdtVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CrdtVersion_apiKeyId_organizationId_documentId_editorId_cre_idx" ON "CrdtVersion"("apiKeyId", "organizationId", "documentId", "editorId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "CrdtVersion_apiKeyId_savedByUserId_idx" ON "CrdtVersion"("apiKeyId", "savedByUserId");

-- AddForeignKey
ALTER TABLE "CrdtVersion" ADD CONSTRAINT "CrdtVersion_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
