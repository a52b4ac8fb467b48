-- AlterTable
ALTER TABLE "AlertMatch" ADD COLUMN     "claimedAt" TIMESTAMP(3);
