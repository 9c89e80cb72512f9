-- CreateTable
CREATE TABLE "DocumentPresence" (
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "status" TEXT,
    "connections" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DocumentPresence_pkey" PRIMARY KEY ("apiKeyId","organizationId","documentId","userId","source")
);

-- CreateTable
CREATE TABLE "LiveState" (
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "liveStateDataId" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LiveState_pkey" PRIMARY KEY ("apiKeyId","organizationId","documentId","liveStateDataId")
);

-- CreateIndex
CREATE INDEX "DocumentPresence_source_expiresAt_idx" ON "DocumentPresence"("source", "expiresAt");
