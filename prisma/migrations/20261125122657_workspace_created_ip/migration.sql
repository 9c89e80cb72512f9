-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "createdIp" TEXT;
