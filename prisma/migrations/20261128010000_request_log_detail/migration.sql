-- AlterTable
ALTER TABLE "ApiRequestLog" ADD COLUMN     "claimedApiKey" TEXT,
ADD COLUMN     "clientIp" TEXT,
ADD COLUMN     "errorField" TEXT,
ADD COLUMN     "errorMessage" TEXT,
ADD COLUMN     "method" TEXT NOT NULL DEFAULT 'POST',
ADD COLUMN     "requestBody" TEXT,
ADD COLUMN     "requestHeaders" JSONB,
ADD COLUMN     "responseBody" TEXT,
ADD COLUMN     "responseHeaders" JSONB,
ADD COLUMN     "url" TEXT NOT NULL DEFAULT '',
ALTER COLUMN "apiKeyId" DROP NOT NULL;
