-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "tokensRotatedAt" TIMESTAMP(3);
