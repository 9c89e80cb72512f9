-- CreateTable
CREATE TABLE "CrdtDocument" (
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "editorId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "contentKey" TEXT NOT NULL,
    "state" BYTEA NOT NULL,
    "lastUpdatedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CrdtDocument_pkey" PRIMARY KEY ("apiKeyId","organizationId","documentId","editorId")
);

-- CreateTable
CREATE TABLE "AiProviderKey" (
    "apiKeyId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "keyEnc" TEXT NOT NULL,
    "displayText" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AiProviderKey_pkey" PRIMARY KEY ("apiKeyId","provider")
);

-- CreateTable
CREATE TABLE "Agent" (
    "apiKeyId" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "instruction" TEXT NOT NULL,
    "reads" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("apiKeyId","id")
);

-- CreateTable
CREATE TABLE "AgentExecution" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "agentName" TEXT NOT NULL,
    "agentVersion" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    "instruction" TEXT NOT NULL,
    "reads" TEXT NOT NULL,
    "organizationId" TEXT,
    "documentId" TEXT,
    "editorId" TEXT,
    "inputText" TEXT,
    "status" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),
    "durationMs" INTEGER,

    CONSTRAINT "AgentExecution_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Agent_apiKeyId_createdAt_id_idx" ON "Agent"("apiKeyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "AgentExecution_apiKeyId_startedAt_id_idx" ON "AgentExecution"("apiKeyId", "startedAt", "id");

-- CreateIndex
CREATE INDEX "AgentExecution_apiKeyId_agentId_startedAt_id_idx" ON "AgentExecution"("apiKeyId", "agentId", "startedAt", "id");

-- CreateIndex
CREATE INDEX "AgentExecution_apiKeyId_organizationId_documentId_startedAt_idx" ON "AgentExecution"("apiKeyId", "organizationId", "documentId", "startedAt", "id");

-- AddForeignKey
ALTER TABLE "CrdtDocument" ADD CONSTRAINT "CrdtDocument_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AiProviderKey" ADD CONSTRAINT "AiProviderKey_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentExecution" ADD CONSTRAINT "AgentExecution_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
