-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "openMarketValue" DOUBLE PRECISION;
