-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "emailProvenAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "MagicLink" ADD COLUMN     "email" TEXT;

