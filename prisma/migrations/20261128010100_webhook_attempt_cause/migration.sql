-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN     "cause" TEXT NOT NULL DEFAULT 'first',
ADD COLUMN     "number" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "retryNumber" INTEGER;

-- CreateIndex
CREATE INDEX "WebhookAttempt_deliveryId_idx" ON "WebhookAttempt"("deliveryId");

-- Attempts recorded before: numbered per delivery in time order, their cause read from their trigger.
UPDATE "WebhookAttempt" a
SET "number" = n."rn",
    "cause" = CASE WHEN a."trigger" = 'manual' THEN 'manual' WHEN n."rn" = 1 THEN 'first' ELSE 'retry' END,
    "retryNumber" = CASE WHEN a."trigger" <> 'manual' AND n."rn" > 1 THEN n."rn" - 1 END
FROM (SELECT "id", row_number() OVER (PARTITION BY "deliveryId" ORDER BY "createdAt", "id")::int AS "rn"
      FROM "WebhookAttempt") n
WHERE n."id" = a."id";
