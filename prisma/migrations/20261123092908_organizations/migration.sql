-- CreateTable
CREATE TABLE "Organization" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Folder" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "folderId" TEXT NOT NULL,
    "folderName" TEXT,
    "parentFolderId" TEXT,
    "ancestors" TEXT[],
    "accessType" TEXT NOT NULL,
    "inheritAccessFromParent" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Folder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Document" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "documentName" TEXT,
    "folderId" TEXT,
    "accessType" TEXT NOT NULL DEFAULT 'public',
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrganizationUser" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "photoUrl" TEXT,
    "initial" TEXT,
    "color" TEXT,
    "textColor" TEXT,
    "groupIds" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrganizationUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "resourceType" TEXT NOT NULL,
    "resourceId" TEXT NOT NULL,
    "accessRole" TEXT NOT NULL DEFAULT 'editor',
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentMigration" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "newDocumentId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DocumentMigration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKeySigningKey" (
    "apiKeyId" TEXT NOT NULL,
    "secretEnc" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKeySigningKey_pkey" PRIMARY KEY ("apiKeyId")
);

-- CreateIndex
CREATE INDEX "Organization_apiKeyId_createdAt_id_idx" ON "Organization"("apiKeyId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Organization_apiKeyId_organizationId_key" ON "Organization"("apiKeyId", "organizationId");

-- CreateIndex
CREATE INDEX "Folder_apiKeyId_organizationId_createdAt_id_idx" ON "Folder"("apiKeyId", "organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Folder_apiKeyId_organizationId_folderId_key" ON "Folder"("apiKeyId", "organizationId", "folderId");

-- CreateIndex
CREATE INDEX "Document_apiKeyId_organizationId_createdAt_id_idx" ON "Document"("apiKeyId", "organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Document_apiKeyId_organizationId_folderId_createdAt_id_idx" ON "Document"("apiKeyId", "organizationId", "folderId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Document_apiKeyId_organizationId_documentId_key" ON "Document"("apiKeyId", "organizationId", "documentId");

-- CreateIndex
CREATE INDEX "OrganizationUser_apiKeyId_organizationId_createdAt_id_idx" ON "OrganizationUser"("apiKeyId", "organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "OrganizationUser_apiKeyId_organizationId_userId_key" ON "OrganizationUser"("apiKeyId", "organizationId", "userId");

-- CreateIndex
CREATE INDEX "Membership_apiKeyId_organizationId_resourceType_resourceId__idx" ON "Membership"("apiKeyId", "organizationId", "resourceType", "resourceId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Membership_apiKeyId_organizationId_resourceType_createdAt_i_idx" ON "Membership"("apiKeyId", "organizationId", "resourceType", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Membership_apiKeyId_organizationId_userId_resourceType_reso_key" ON "Membership"("apiKeyId", "organizationId", "userId", "resourceType", "resourceId");

-- AddForeignKey
ALTER TABLE "Organization" ADD CONSTRAINT "Organization_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Folder" ADD CONSTRAINT "Folder_apiKeyId_organizationId_fkey" FOREIGN KEY ("apiKeyId", "organizationId") REFERENCES "Organization"("apiKeyId", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_apiKeyId_organizationId_fkey" FOREIGN KEY ("apiKeyId", "organizationId") REFERENCES "Organization"("apiKeyId", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrganizationUser" ADD CONSTRAINT "OrganizationUser_apiKeyId_organizationId_fkey" FOREIGN KEY ("apiKeyId", "organizationId") REFERENCES "Organization"("apiKeyId", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_apiKeyId_organizationId_userId_fkey" FOREIGN KEY ("apiKeyId", "organizationId", "userId") REFERENCES "OrganizationUser"("apiKeyId", "organizationId", "userId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentMigration" ADD CONSTRAINT "DocumentMigration_apiKeyId_organizationId_fkey" FOREIGN KEY ("apiKeyId", "organizationId") REFERENCES "Organization"("apiKeyId", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKeySigningKey" ADD CONSTRAINT "ApiKeySigningKey_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
