-- CreateTable
CREATE TABLE "UserDataErasure" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "userIds" TEXT[],
    "organizationIds" TEXT[],
    "tasksCount" INTEGER NOT NULL,
    "tasksDone" INTEGER NOT NULL DEFAULT 0,
    "lastTaskCompletedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserDataErasure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UserDataErasure_apiKeyId_createdAt_idx" ON "UserDataErasure"("apiKeyId", "createdAt");

-- AddForeignKey
ALTER TABLE "UserDataErasure" ADD CONSTRAINT "UserDataErasure_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
