-- CreateTable
CREATE TABLE "SavedSearch" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "portalId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "query" JSONB NOT NULL,
    "alertFrequency" TEXT NOT NULL DEFAULT 'daily',
    "alertNewListings" BOOLEAN NOT NULL DEFAULT true,
    "alertPriceReductions" BOOLEAN NOT NULL DEFAULT true,
    "unsubscribeToken" TEXT NOT NULL,
    "lastViewedAt" TIMESTAMP(3),
    "forSale" BOOLEAN NOT NULL,
    "area" box,
    "maxPrice" DOUBLE PRECISION,
    "minBedrooms" INTEGER,
    "maxBedrooms" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SavedSearch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ListingAlertCheck" (
    "id" BIGSERIAL NOT NULL,
    "listingId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ListingAlertCheck_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ListingAlertState" (
    "listingId" INTEGER NOT NULL,
    "live" BOOLEAN NOT NULL,
    "reducedOn" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ListingAlertState_pkey" PRIMARY KEY ("listingId")
);

-- CreateTable
CREATE TABLE "AlertMatch" (
    "id" BIGSERIAL NOT NULL,
    "savedSearchId" INTEGER NOT NULL,
    "customerId" INTEGER NOT NULL,
    "listingId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "eventKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "AlertMatch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SavedSearch_unsubscribeToken_key" ON "SavedSearch"("unsubscribeToken");

-- CreateIndex
CREATE INDEX "SavedSearch_customerId_createdAt_idx" ON "SavedSearch"("customerId", "createdAt");

-- CreateIndex
CREATE INDEX "SavedSearch_area_idx" ON "SavedSearch" USING GIST ("area");

-- CreateIndex
CREATE INDEX "ListingAlertCheck_listingId_idx" ON "ListingAlertCheck"("listingId");

-- CreateIndex
CREATE INDEX "AlertMatch_customerId_sentAt_idx" ON "AlertMatch"("customerId", "sentAt");

-- CreateIndex
CREATE INDEX "AlertMatch_savedSearchId_createdAt_idx" ON "AlertMatch"("savedSearchId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AlertMatch_savedSearchId_listingId_kind_eventKey_key" ON "AlertMatch"("savedSearchId", "listingId", "kind", "eventKey");

-- AddForeignKey
ALTER TABLE "SavedSearch" ADD CONSTRAINT "SavedSearch_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertMatch" ADD CONSTRAINT "AlertMatch_savedSearchId_fkey" FOREIGN KEY ("savedSearchId") REFERENCES "SavedSearch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Listings live before alerts existed are not new: their state is what the matcher would have seen.
INSERT INTO "ListingAlertState" ("listingId", "live", "updatedAt")
SELECT id, true, now() FROM "Listing"
WHERE published AND "withdrawnAt" IS NULL AND ("publishAt" IS NULL OR "publishAt" <= now());
