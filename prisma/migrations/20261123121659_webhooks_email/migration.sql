-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "filterTypes" JSONB,
    "channels" JSONB,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "rateLimit" INTEGER,
    "uid" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "secretEnc" TEXT NOT NULL,
    "previousSecretEnc" TEXT,
    "previousSecretExpiresAt" TIMESTAMP(3),
    "failingSince" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookMessage" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "endpointId" TEXT,
    "target" TEXT NOT NULL,
    "url" TEXT,
    "body" JSONB,
    "status" TEXT NOT NULL,
    "attemptCount" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "nextTrigger" TEXT NOT NULL DEFAULT 'scheduled',
    "leaseToken" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "claimedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookAttempt" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "endpointId" TEXT,
    "url" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "responseStatusCode" INTEGER NOT NULL,
    "response" TEXT NOT NULL,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailDelivery" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "templateId" TEXT,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "mailId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EmailDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebhookEndpoint_apiKeyId_createdAt_id_idx" ON "WebhookEndpoint"("apiKeyId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookEndpoint_apiKeyId_uid_key" ON "WebhookEndpoint"("apiKeyId", "uid");

-- CreateIndex
CREATE INDEX "WebhookMessage_apiKeyId_createdAt_id_idx" ON "WebhookMessage"("apiKeyId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookMessage_apiKeyId_eventId_key" ON "WebhookMessage"("apiKeyId", "eventId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_idx" ON "WebhookDelivery"("endpointId", "status");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_claimedAt_idx" ON "WebhookDelivery"("endpointId", "claimedAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_messageId_idx" ON "WebhookDelivery"("messageId");

-- CreateIndex
CREATE INDEX "WebhookAttempt_apiKeyId_messageId_createdAt_id_idx" ON "WebhookAttempt"("apiKeyId", "messageId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookAttempt_apiKeyId_endpointId_createdAt_id_idx" ON "WebhookAttempt"("apiKeyId", "endpointId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "EmailDelivery_apiKeyId_createdAt_id_idx" ON "EmailDelivery"("apiKeyId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "EmailDelivery_apiKeyId_eventId_to_key" ON "EmailDelivery"("apiKeyId", "eventId", "to");

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "WebhookMessage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
