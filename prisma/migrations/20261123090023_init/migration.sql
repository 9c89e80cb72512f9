-- CreateTable
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ownerEmail" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "ownerName" TEXT NOT NULL,
    "ownerAvatar" TEXT,
    "ordinal" INTEGER NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "productionKeysEnabled" BOOLEAN NOT NULL DEFAULT false,
    "authTokenHash" TEXT NOT NULL,
    "authTokenEnc" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Workspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "ownerEmail" TEXT NOT NULL,
    "persistenceDBRegion" TEXT,
    "realtimeDBRegion" TEXT,
    "advancedQueries" BOOLEAN NOT NULL,
    "activityLogs" BOOLEAN NOT NULL,
    "serviceConfig" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKeyAuthToken" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "domains" TEXT[],
    "tokenHash" TEXT NOT NULL,
    "tokenEnc" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKeyAuthToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKeyDomain" (
    "id" BIGSERIAL NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "addedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKeyDomain_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "bucket" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimitCounter_pkey" PRIMARY KEY ("bucket","windowStart")
);

-- CreateTable
CREATE TABLE "OutboxMail" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "transport" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutboxMail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConsoleUser" (
    "id" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "emailVerified" TIMESTAMP(3),
    "image" TEXT,

    CONSTRAINT "ConsoleUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConsoleAccount" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,

    CONSTRAINT "ConsoleAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConsoleSession" (
    "id" TEXT NOT NULL,
    "sessionToken" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConsoleSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConsoleVerificationToken" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "Workspace_authTokenHash_key" ON "Workspace"("authTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "Workspace_ownerEmail_ordinal_key" ON "Workspace"("ownerEmail", "ordinal");

-- CreateIndex
CREATE INDEX "ApiKey_workspaceId_createdAt_id_idx" ON "ApiKey"("workspaceId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKeyAuthToken_tokenHash_key" ON "ApiKeyAuthToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiKeyAuthToken_apiKeyId_createdAt_idx" ON "ApiKeyAuthToken"("apiKeyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKeyDomain_apiKeyId_domain_key" ON "ApiKeyDomain"("apiKeyId", "domain");

-- CreateIndex
CREATE INDEX "RateLimitCounter_expiresAt_idx" ON "RateLimitCounter"("expiresAt");

-- CreateIndex
CREATE INDEX "OutboxMail_to_createdAt_idx" ON "OutboxMail"("to", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxMail_createdAt_idx" ON "OutboxMail"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ConsoleUser_email_key" ON "ConsoleUser"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ConsoleAccount_provider_providerAccountId_key" ON "ConsoleAccount"("provider", "providerAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "ConsoleSession_sessionToken_key" ON "ConsoleSession"("sessionToken");

-- CreateIndex
CREATE UNIQUE INDEX "ConsoleVerificationToken_token_key" ON "ConsoleVerificationToken"("token");

-- CreateIndex
CREATE UNIQUE INDEX "ConsoleVerificationToken_identifier_token_key" ON "ConsoleVerificationToken"("identifier", "token");

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKeyAuthToken" ADD CONSTRAINT "ApiKeyAuthToken_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKeyDomain" ADD CONSTRAINT "ApiKeyDomain_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConsoleAccount" ADD CONSTRAINT "ConsoleAccount_userId_fkey" FOREIGN KEY ("userId") REFERENCES "ConsoleUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConsoleSession" ADD CONSTRAINT "ConsoleSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "ConsoleUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;
