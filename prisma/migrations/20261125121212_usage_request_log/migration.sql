-- CreateTable
CREATE TABLE "ApiRequestLog" (
    "id" BIGSERIAL NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "workspaceId" TEXT,
    "operation" TEXT NOT NULL,
    "httpStatus" INTEGER NOT NULL,
    "errorStatus" TEXT,
    "durationMs" INTEGER NOT NULL,
    "requestId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ApiRequestLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsageDay" (
    "apiKeyId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "metric" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "UsageDay_pkey" PRIMARY KEY ("apiKeyId","day","metric")
);

-- CreateIndex
CREATE INDEX "ApiRequestLog_apiKeyId_createdAt_id_idx" ON "ApiRequestLog"("apiKeyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ApiRequestLog_createdAt_idx" ON "ApiRequestLog"("createdAt");

-- CreateIndex
CREATE INDEX "UsageDay_day_idx" ON "UsageDay"("day");
