-- AlterTable
ALTER TABLE "SavedSearch" ALTER COLUMN "filters" SET DATA TYPE TEXT;
