-- The listing pages' view of each listing, kept out of the search index (listing-page-views.ts): the
-- indexer writes it, at the version of the document it was built with, before it writes the document.
-- No foreign key: the indexer writes outside the writes' transactions, which hold the listing FOR UPDATE.
-- CreateTable
CREATE TABLE "ListingPageView" (
    "listingId" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,
    "view" JSON NOT NULL,
    "builtAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ListingPageView_pkey" PRIMARY KEY ("listingId")
);
