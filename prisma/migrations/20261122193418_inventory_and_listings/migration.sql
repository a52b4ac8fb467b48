-- CreateTable
CREATE TABLE "HousingProvider" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "contactEmail" TEXT,
    "logoUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HousingProvider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiAccount" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "tier" TEXT NOT NULL,
    "housingProviderId" INTEGER,
    "partnerSource" TEXT,
    "partnerImageUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" SERIAL NOT NULL,
    "accountId" INTEGER NOT NULL,
    "keyHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deprecatedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Scheme" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "color" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Scheme_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Portal" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "settings" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "Portal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Development" (
    "id" SERIAL NOT NULL,
    "accountId" INTEGER NOT NULL,
    "externalRef" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "displayAddress" TEXT NOT NULL,
    "postcode" TEXT,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "localAuthorityId" INTEGER,
    "localAreaName" TEXT,
    "localAreaDescription" TEXT,
    "specifications" JSONB NOT NULL DEFAULT '[]',
    "galleryImages" JSONB NOT NULL DEFAULT '[]',
    "videos" JSONB NOT NULL DEFAULT '[]',
    "brochures" JSONB NOT NULL DEFAULT '[]',
    "tenure" TEXT NOT NULL,
    "newBuild" BOOLEAN NOT NULL DEFAULT false,
    "housingProviderId" INTEGER NOT NULL,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Development_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Property" (
    "id" SERIAL NOT NULL,
    "accountId" INTEGER NOT NULL,
    "externalRef" TEXT NOT NULL,
    "developmentId" INTEGER NOT NULL,
    "propertyNumber" TEXT NOT NULL,
    "propertyType" TEXT NOT NULL,
    "propertyTypeGroup" TEXT NOT NULL,
    "bedrooms" INTEGER NOT NULL,
    "bathrooms" INTEGER NOT NULL,
    "receptionRooms" INTEGER,
    "furnitureStatus" TEXT,
    "floorArea" DOUBLE PRECISION,
    "rooms" JSONB NOT NULL DEFAULT '[]',
    "numberOfFloors" INTEGER,
    "floor" JSONB,
    "tenure" TEXT NOT NULL,
    "leaseYears" INTEGER,
    "propertyFeatures" JSONB NOT NULL DEFAULT '[]',
    "energyEfficiencyRatingCurrent" INTEGER NOT NULL,
    "energyEfficiencyRatingPotential" INTEGER NOT NULL,
    "environmentalImpactRatingCurrent" INTEGER NOT NULL,
    "environmentalImpactRatingPotential" INTEGER NOT NULL,
    "floorplans" JSONB NOT NULL DEFAULT '[]',
    "fullSpecifications" TEXT,
    "availabilityStatus" TEXT NOT NULL,
    "firstDibs" BOOLEAN NOT NULL DEFAULT false,
    "firstDibsExpirationDate" DATE,
    "forSale" BOOLEAN NOT NULL,
    "isSharedOwnership" BOOLEAN NOT NULL DEFAULT false,
    "fullMarketPrice" DOUBLE PRECISION,
    "depositValue" DOUBLE PRECISION,
    "minSharePercentage" DOUBLE PRECISION,
    "subsidisedMonthlyRent" DOUBLE PRECISION,
    "maxGovernmentLoanPercent" DOUBLE PRECISION,
    "monthlyServiceCharge" DOUBLE PRECISION,
    "annualGroundRent" DOUBLE PRECISION,
    "reservationFee" DOUBLE PRECISION,
    "monthlyRent" DOUBLE PRECISION,
    "rentalDeposit" DOUBLE PRECISION,
    "minTenancyMonths" INTEGER,
    "maxTenancyMonths" INTEGER,
    "administrationFee" DOUBLE PRECISION,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Property_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Listing" (
    "id" SERIAL NOT NULL,
    "accountId" INTEGER NOT NULL,
    "externalRef" TEXT NOT NULL,
    "developmentId" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "forSale" BOOLEAN NOT NULL,
    "displayAs" TEXT NOT NULL DEFAULT 'regular',
    "shortDescription" TEXT,
    "longDescription" TEXT,
    "headline" TEXT NOT NULL DEFAULT '',
    "titleTag" TEXT NOT NULL DEFAULT '',
    "metaKeywords" TEXT NOT NULL DEFAULT '',
    "metaDescription" TEXT NOT NULL DEFAULT '',
    "mainImage" JSONB,
    "galleryImages" JSONB NOT NULL DEFAULT '[]',
    "termsAndConditions" TEXT,
    "disclaimer" TEXT,
    "depositPercentage" DOUBLE PRECISION,
    "eligibility" JSONB NOT NULL DEFAULT '{}',
    "eligibilityFields" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "priorityFields" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "published" BOOLEAN NOT NULL DEFAULT true,
    "publishAt" TIMESTAMP(3),
    "withdrawnAt" TIMESTAMP(3),
    "partnerSources" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "indexVersion" BIGINT NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Listing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ListingProperty" (
    "listingId" INTEGER NOT NULL,
    "propertyId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "ListingProperty_pkey" PRIMARY KEY ("listingId","propertyId")
);

-- CreateTable
CREATE TABLE "ListingScheme" (
    "listingId" INTEGER NOT NULL,
    "schemeId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "ListingScheme_pkey" PRIMARY KEY ("listingId","schemeId")
);

-- CreateTable
CREATE TABLE "ListingPortal" (
    "listingId" INTEGER NOT NULL,
    "portalId" INTEGER NOT NULL,

    CONSTRAINT "ListingPortal_pkey" PRIMARY KEY ("listingId","portalId")
);

-- CreateTable
CREATE TABLE "OpenDaySlot" (
    "id" SERIAL NOT NULL,
    "listingId" INTEGER NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "durationMin" INTEGER NOT NULL,
    "capacity" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OpenDaySlot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ListingOutbox" (
    "id" BIGSERIAL NOT NULL,
    "listingId" INTEGER NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ListingOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SearchReindex" (
    "id" SERIAL NOT NULL,
    "alias" TEXT NOT NULL,
    "targetIndex" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "SearchReindex_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApiAccount_partnerSource_key" ON "ApiAccount"("partnerSource");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_accountId_idx" ON "ApiKey"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "Scheme_slug_key" ON "Scheme"("slug");

-- CreateIndex
CREATE INDEX "Development_updatedAt_idx" ON "Development"("updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Development_accountId_externalRef_key" ON "Development"("accountId", "externalRef");

-- CreateIndex
CREATE INDEX "Property_developmentId_idx" ON "Property"("developmentId");

-- CreateIndex
CREATE INDEX "Property_updatedAt_idx" ON "Property"("updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Property_accountId_externalRef_key" ON "Property"("accountId", "externalRef");

-- CreateIndex
CREATE UNIQUE INDEX "Listing_slug_key" ON "Listing"("slug");

-- CreateIndex
CREATE INDEX "Listing_developmentId_idx" ON "Listing"("developmentId");

-- CreateIndex
CREATE INDEX "Listing_updatedAt_idx" ON "Listing"("updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Listing_accountId_externalRef_key" ON "Listing"("accountId", "externalRef");

-- CreateIndex
CREATE INDEX "ListingProperty_propertyId_idx" ON "ListingProperty"("propertyId");

-- CreateIndex
CREATE UNIQUE INDEX "OpenDaySlot_listingId_startsAt_key" ON "OpenDaySlot"("listingId", "startsAt");

-- CreateIndex
CREATE INDEX "ListingOutbox_listingId_idx" ON "ListingOutbox"("listingId");

-- AddForeignKey
ALTER TABLE "ApiAccount" ADD CONSTRAINT "ApiAccount_housingProviderId_fkey" FOREIGN KEY ("housingProviderId") REFERENCES "HousingProvider"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ApiAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Development" ADD CONSTRAINT "Development_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ApiAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Development" ADD CONSTRAINT "Development_localAuthorityId_fkey" FOREIGN KEY ("localAuthorityId") REFERENCES "LocalAuthority"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Development" ADD CONSTRAINT "Development_housingProviderId_fkey" FOREIGN KEY ("housingProviderId") REFERENCES "HousingProvider"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Property" ADD CONSTRAINT "Property_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ApiAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Property" ADD CONSTRAINT "Property_developmentId_fkey" FOREIGN KEY ("developmentId") REFERENCES "Development"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Listing" ADD CONSTRAINT "Listing_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ApiAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Listing" ADD CONSTRAINT "Listing_developmentId_fkey" FOREIGN KEY ("developmentId") REFERENCES "Development"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ListingProperty" ADD CONSTRAINT "ListingProperty_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "Listing"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ListingProperty" ADD CONSTRAINT "ListingProperty_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ListingScheme" ADD CONSTRAINT "ListingScheme_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "Listing"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ListingScheme" ADD CONSTRAINT "ListingScheme_schemeId_fkey" FOREIGN KEY ("schemeId") REFERENCES "Scheme"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ListingPortal" ADD CONSTRAINT "ListingPortal_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "Listing"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ListingPortal" ADD CONSTRAINT "ListingPortal_portalId_fkey" FOREIGN KEY ("portalId") REFERENCES "Portal"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenDaySlot" ADD CONSTRAINT "OpenDaySlot_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "Listing"("id") ON DELETE CASCADE ON UPDATE CASCADE;
