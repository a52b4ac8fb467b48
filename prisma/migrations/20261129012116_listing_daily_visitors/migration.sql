-- Who viewed a listing page on a day (an HMAC of the visitor), so that a view counts once per visitor and day
-- across instances (listing-stats-recorder.ts).
-- CreateTable
CREATE TABLE "ListingDailyVisitor" (
    "listingId" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "visitor" BYTEA NOT NULL,

    CONSTRAINT "ListingDailyVisitor_pkey" PRIMARY KEY ("listingId","date","visitor")
);

-- CreateIndex
CREATE INDEX "ListingDailyVisitor_date_idx" ON "ListingDailyVisitor"("date");

-- AddForeignKey
ALTER TABLE "ListingDailyVisitor" ADD CONSTRAINT "ListingDailyVisitor_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "Listing"("id") ON DELETE CASCADE ON UPDATE CASCADE;
