-- CreateTable
CREATE TABLE "PropertyPriceChange" (
    "id" SERIAL NOT NULL,
    "propertyId" INTEGER NOT NULL,
    "forSale" BOOLEAN NOT NULL,
    "price" DOUBLE PRECISION NOT NULL,
    "change" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PropertyPriceChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PropertyPriceChange_propertyId_changedAt_idx" ON "PropertyPriceChange"("propertyId", "changedAt");

-- AddForeignKey
ALTER TABLE "PropertyPriceChange" ADD CONSTRAINT "PropertyPriceChange_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Properties written before price history was recorded: their current headline price, as first advertised
INSERT INTO "PropertyPriceChange" ("propertyId", "forSale", "price", "change", "changedAt")
SELECT "id", "forSale", CASE WHEN "forSale" THEN "fullMarketPrice" ELSE "monthlyRent" END, 'added', "createdAt"
FROM "Property"
WHERE CASE WHEN "forSale" THEN "fullMarketPrice" ELSE "monthlyRent" END IS NOT NULL;
