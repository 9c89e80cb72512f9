-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "inheritAccessFromParent" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "purgeTotal" INTEGER,
ADD COLUMN     "purgedRows" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "UserGroup" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "groupName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UserGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserGroupMember" (
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserGroupMember_pkey" PRIMARY KEY ("apiKeyId","organizationId","groupId","userId")
);

-- CreateTable
CREATE TABLE "UserGroupGrant" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "resourceType" TEXT NOT NULL,
    "resourceId" TEXT NOT NULL,
    "accessRole" TEXT NOT NULL DEFAULT 'editor',
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UserGroupGrant_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UserGroup_apiKeyId_organizationId_createdAt_id_idx" ON "UserGroup"("apiKeyId", "organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "UserGroup_apiKeyId_organizationId_groupId_key" ON "UserGroup"("apiKeyId", "organizationId", "groupId");

-- CreateIndex
CREATE INDEX "UserGroupMember_apiKeyId_organizationId_userId_idx" ON "UserGroupMember"("apiKeyId", "organizationId", "userId");

-- CreateIndex
CREATE INDEX "UserGroupGrant_apiKeyId_organizationId_resourceType_resourc_idx" ON "UserGroupGrant"("apiKeyId", "organizationId", "resourceType", "resourceId");

-- CreateIndex
CREATE UNIQUE INDEX "UserGroupGrant_apiKeyId_organizationId_groupId_resourceType_key" ON "UserGroupGrant"("apiKeyId", "organizationId", "groupId", "resourceType", "resourceId");

-- CreateIndex
CREATE INDEX "DocumentMigration_apiKeyId_organizationId_createdAt_idx" ON "DocumentMigration"("apiKeyId", "organizationId", "createdAt");

-- AddForeignKey
ALTER TABLE "UserGroup" ADD CONSTRAINT "UserGroup_apiKeyId_organizationId_fkey" FOREIGN KEY ("apiKeyId", "organizationId") REFERENCES "Organization"("apiKeyId", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserGroupMember" ADD CONSTRAINT "UserGroupMember_apiKeyId_organizationId_groupId_fkey" FOREIGN KEY ("apiKeyId", "organizationId", "groupId") REFERENCES "UserGroup"("apiKeyId", "organizationId", "groupId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserGroupMember" ADD CONSTRAINT "UserGroupMember_apiKeyId_organizationId_userId_fkey" FOREIGN KEY ("apiKeyId", "organizationId", "userId") REFERENCES "OrganizationUser"("apiKeyId", "organizationId", "userId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserGroupGrant" ADD CONSTRAINT "UserGroupGrant_apiKeyId_organizationId_groupId_fkey" FOREIGN KEY ("apiKeyId", "organizationId", "groupId") REFERENCES "UserGroup"("apiKeyId", "organizationId", "groupId") ON DELETE CASCADE ON UPDATE CASCADE;

-- Group memberships kept on the directory row so far become rows of the new tables (ids as lib/infra/ids.ts
-- derivedId makes them: prefix + first 32 hex of sha256 of the JSON array of client ids).
INSERT INTO "UserGroup" ("id", "apiKeyId", "organizationId", "groupId", "createdAt", "updatedAt")
SELECT DISTINCT 'grp_' || left(encode(sha256(convert_to(to_json(ARRAY[u."apiKeyId", u."organizationId", g."groupId"])::text, 'UTF8')), 'hex'), 32),
       u."apiKeyId", u."organizationId", g."groupId", now(), now()
FROM "OrganizationUser" u, unnest(u."groupIds") AS g("groupId")
ON CONFLICT DO NOTHING;

INSERT INTO "UserGroupMember" ("apiKeyId", "organizationId", "groupId", "userId", "createdAt")
SELECT DISTINCT u."apiKeyId", u."organizationId", g."groupId", u."userId", now()
FROM "OrganizationUser" u, unnest(u."groupIds") AS g("groupId")
ON CONFLICT DO NOTHING;

-- AlterTable
ALTER TABLE "OrganizationUser" DROP COLUMN "groupIds";
