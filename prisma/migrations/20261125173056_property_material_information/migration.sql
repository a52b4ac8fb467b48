-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "broadbandMbps" DOUBLE PRECISION,
ADD COLUMN     "councilTaxBand" TEXT;
