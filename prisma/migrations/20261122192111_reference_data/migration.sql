-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "LookupItem" (
    "list" TEXT NOT NULL,
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "owner" BOOLEAN,
    "working" BOOLEAN,

    CONSTRAINT "LookupItem_pkey" PRIMARY KEY ("list","id")
);

-- CreateTable
CREATE TABLE "Region" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "Region_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "County" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "regionId" INTEGER NOT NULL,

    CONSTRAINT "County_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LocalAuthority" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "longName" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "countyId" INTEGER NOT NULL,

    CONSTRAINT "LocalAuthority_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Postcode" (
    "postcode" TEXT NOT NULL,
    "district" TEXT NOT NULL,
    "localAuthorityId" INTEGER NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "Postcode_pkey" PRIMARY KEY ("postcode")
);

-- CreateIndex
CREATE UNIQUE INDEX "LookupItem_list_slug_key" ON "LookupItem"("list", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "Region_code_key" ON "Region"("code");

-- CreateIndex
CREATE UNIQUE INDEX "County_code_key" ON "County"("code");

-- CreateIndex
CREATE INDEX "County_regionId_idx" ON "County"("regionId");

-- CreateIndex
CREATE UNIQUE INDEX "LocalAuthority_code_key" ON "LocalAuthority"("code");

-- CreateIndex
CREATE INDEX "LocalAuthority_countyId_idx" ON "LocalAuthority"("countyId");

-- CreateIndex
CREATE INDEX "Postcode_district_idx" ON "Postcode"("district");

-- CreateIndex
CREATE INDEX "Postcode_localAuthorityId_idx" ON "Postcode"("localAuthorityId");

-- AddForeignKey
ALTER TABLE "County" ADD CONSTRAINT "County_regionId_fkey" FOREIGN KEY ("regionId") REFERENCES "Region"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LocalAuthority" ADD CONSTRAINT "LocalAuthority_countyId_fkey" FOREIGN KEY ("countyId") REFERENCES "County"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Postcode" ADD CONSTRAINT "Postcode_localAuthorityId_fkey" FOREIGN KEY ("localAuthorityId") REFERENCES "LocalAuthority"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
