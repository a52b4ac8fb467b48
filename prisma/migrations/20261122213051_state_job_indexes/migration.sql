-- CreateIndex
CREATE INDEX "Property_firstDibs_firstDibsExpirationDate_idx" ON "Property"("firstDibs", "firstDibsExpirationDate");

-- CreateIndex
CREATE INDEX "Listing_publishAt_idx" ON "Listing"("publishAt");
