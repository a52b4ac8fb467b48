-- CreateTable
CREATE TABLE "NationalPostcode" (
    "postcode" TEXT NOT NULL,
    "district" TEXT NOT NULL,
    "localAuthorityCode" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "NationalPostcode_pkey" PRIMARY KEY ("postcode")
);

-- CreateTable
CREATE TABLE "ReferenceDataset" (
    "name" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "rows" INTEGER NOT NULL,
    "loadedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReferenceDataset_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "NationalPostcode_district_idx" ON "NationalPostcode"("district");
