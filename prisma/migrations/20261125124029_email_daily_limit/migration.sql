-- AlterTable
ALTER TABLE "EmailDelivery" ADD COLUMN     "reason" TEXT,
ADD COLUMN     "viaInstance" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "EmailDailyCount" (
    "workspaceId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "sent" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "EmailDailyCount_pkey" PRIMARY KEY ("workspaceId","day")
);
