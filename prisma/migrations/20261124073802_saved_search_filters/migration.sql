-- AlterTable
ALTER TABLE "SavedSearch" ADD COLUMN     "filters" JSONB;
