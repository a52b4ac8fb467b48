-- CreateTable
CREATE TABLE "AreaPage" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "schemeId" INTEGER NOT NULL,
    "regionId" INTEGER NOT NULL,
    "countyId" INTEGER,
    "localAuthorityId" INTEGER,
    "titleTag" TEXT NOT NULL DEFAULT '',
    "metaKeywords" TEXT NOT NULL DEFAULT '',
    "metaDescription" TEXT NOT NULL DEFAULT '',
    "headline" TEXT NOT NULL DEFAULT '',
    "content" JSONB NOT NULL DEFAULT '{}',
    "faqs" JSONB,
    "mainImageUrl" TEXT,
    "socialImageUrl" TEXT,
    "socialTitle" TEXT,
    "socialDescription" TEXT,
    "displayOrder" INTEGER NOT NULL DEFAULT 0,
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AreaPage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentType" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "singleContent" BOOLEAN NOT NULL DEFAULT true,
    "topicUse" TEXT NOT NULL DEFAULT 'optional',
    "activateSeries" BOOLEAN NOT NULL DEFAULT false,
    "activateSources" BOOLEAN NOT NULL DEFAULT false,
    "singularTopicLabel" TEXT,
    "singularSeriesLabel" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentTypeCategory" (
    "contentTypeId" INTEGER NOT NULL,
    "categoryId" INTEGER NOT NULL,

    CONSTRAINT "ContentTypeCategory_pkey" PRIMARY KEY ("contentTypeId","categoryId")
);

-- CreateTable
CREATE TABLE "ContentSitemap" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contentTypeId" INTEGER NOT NULL,
    "urlPattern" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentSitemap_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentTemplate" (
    "id" SERIAL NOT NULL,
    "sitemapId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "filePath" TEXT NOT NULL,
    "sections" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentTagCategory" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "ContentTagCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentTag" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "categoryId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentTag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentTopic" (
    "id" SERIAL NOT NULL,
    "contentTypeId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "blurb" TEXT,
    "htmlDetails" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentTopic_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentSeries" (
    "id" SERIAL NOT NULL,
    "contentTypeId" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentSeries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentAuthor" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "trails" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentAuthor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentCollection" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentCollection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentFamily" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contentTypeId" INTEGER NOT NULL,
    "topicId" INTEGER,
    "seriesId" INTEGER,
    "mainPageId" INTEGER,
    "relatedEntity" TEXT NOT NULL DEFAULT 'site',
    "relatedItemId" INTEGER NOT NULL DEFAULT 1,
    "relatedItemSlug" TEXT NOT NULL,
    "locationType" TEXT,
    "locationRegionId" INTEGER,
    "locationReference" INTEGER,
    "locationName" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "radius" DOUBLE PRECISION,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentFamily_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentPage" (
    "id" SERIAL NOT NULL,
    "familyId" INTEGER NOT NULL,
    "sitemapId" INTEGER NOT NULL,
    "templateId" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "headline" TEXT,
    "blurb" TEXT,
    "abstract" TEXT,
    "image" TEXT,
    "titleTag" TEXT,
    "metaKeywords" TEXT,
    "metaDescription" TEXT,
    "canonicalUrl" TEXT,
    "socialTitle" TEXT,
    "socialDescription" TEXT,
    "htmlInfo" TEXT,
    "sections" JSONB NOT NULL DEFAULT '{}',
    "menuLabel" TEXT,
    "displayOrder" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentPage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentHeaderImage" (
    "id" SERIAL NOT NULL,
    "pageId" INTEGER NOT NULL,
    "masterUrl" TEXT NOT NULL,
    "thumbnailUrl" TEXT NOT NULL,
    "alternativeText" TEXT NOT NULL DEFAULT '',
    "caption" TEXT NOT NULL DEFAULT '',
    "displayOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContentHeaderImage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentSource" (
    "id" SERIAL NOT NULL,
    "familyId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "displayOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContentSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentFamilyAuthor" (
    "familyId" INTEGER NOT NULL,
    "authorId" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "displayOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContentFamilyAuthor_pkey" PRIMARY KEY ("familyId","authorId")
);

-- CreateTable
CREATE TABLE "ContentFamilyTag" (
    "familyId" INTEGER NOT NULL,
    "tagId" INTEGER NOT NULL,

    CONSTRAINT "ContentFamilyTag_pkey" PRIMARY KEY ("familyId","tagId")
);

-- CreateTable
CREATE TABLE "ContentCollectionFamily" (
    "collectionId" INTEGER NOT NULL,
    "familyId" INTEGER NOT NULL,
    "displayOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContentCollectionFamily_pkey" PRIMARY KEY ("collectionId","familyId")
);

-- CreateIndex
CREATE UNIQUE INDEX "AreaPage_slug_key" ON "AreaPage"("slug");

-- CreateIndex
CREATE INDEX "AreaPage_schemeId_regionId_idx" ON "AreaPage"("schemeId", "regionId");

-- CreateIndex
CREATE UNIQUE INDEX "ContentType_code_key" ON "ContentType"("code");

-- CreateIndex
CREATE UNIQUE INDEX "ContentSitemap_code_key" ON "ContentSitemap"("code");

-- CreateIndex
CREATE UNIQUE INDEX "ContentTemplate_sitemapId_name_key" ON "ContentTemplate"("sitemapId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ContentTagCategory_slug_key" ON "ContentTagCategory"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ContentTag_slug_key" ON "ContentTag"("slug");

-- CreateIndex
CREATE INDEX "ContentTag_categoryId_idx" ON "ContentTag"("categoryId");

-- CreateIndex
CREATE UNIQUE INDEX "ContentTopic_code_key" ON "ContentTopic"("code");

-- CreateIndex
CREATE UNIQUE INDEX "ContentTopic_slug_key" ON "ContentTopic"("slug");

-- CreateIndex
CREATE INDEX "ContentTopic_contentTypeId_idx" ON "ContentTopic"("contentTypeId");

-- CreateIndex
CREATE UNIQUE INDEX "ContentSeries_slug_key" ON "ContentSeries"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ContentAuthor_slug_key" ON "ContentAuthor"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ContentCollection_slug_key" ON "ContentCollection"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ContentFamily_slug_key" ON "ContentFamily"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ContentFamily_mainPageId_key" ON "ContentFamily"("mainPageId");

-- CreateIndex
CREATE INDEX "ContentFamily_topicId_idx" ON "ContentFamily"("topicId");

-- CreateIndex
CREATE INDEX "ContentFamily_seriesId_idx" ON "ContentFamily"("seriesId");

-- CreateIndex
CREATE INDEX "ContentFamily_relatedEntity_relatedItemId_idx" ON "ContentFamily"("relatedEntity", "relatedItemId");

-- CreateIndex
CREATE INDEX "ContentPage_familyId_idx" ON "ContentPage"("familyId");

-- CreateIndex
CREATE INDEX "ContentPage_publishedAt_createdAt_idx" ON "ContentPage"("publishedAt", "createdAt");

-- CreateIndex
CREATE INDEX "ContentPage_slug_idx" ON "ContentPage"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ContentPage_sitemapId_slug_key" ON "ContentPage"("sitemapId", "slug");

-- CreateIndex
CREATE INDEX "ContentHeaderImage_pageId_idx" ON "ContentHeaderImage"("pageId");

-- CreateIndex
CREATE INDEX "ContentSource_familyId_idx" ON "ContentSource"("familyId");

-- CreateIndex
CREATE INDEX "ContentFamilyAuthor_authorId_idx" ON "ContentFamilyAuthor"("authorId");

-- CreateIndex
CREATE INDEX "ContentFamilyTag_tagId_idx" ON "ContentFamilyTag"("tagId");

-- CreateIndex
CREATE INDEX "ContentCollectionFamily_familyId_idx" ON "ContentCollectionFamily"("familyId");

-- AddForeignKey
ALTER TABLE "AreaPage" ADD CONSTRAINT "AreaPage_schemeId_fkey" FOREIGN KEY ("schemeId") REFERENCES "Scheme"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AreaPage" ADD CONSTRAINT "AreaPage_regionId_fkey" FOREIGN KEY ("regionId") REFERENCES "Region"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AreaPage" ADD CONSTRAINT "AreaPage_countyId_fkey" FOREIGN KEY ("countyId") REFERENCES "County"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AreaPage" ADD CONSTRAINT "AreaPage_localAuthorityId_fkey" FOREIGN KEY ("localAuthorityId") REFERENCES "LocalAuthority"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentTypeCategory" ADD CONSTRAINT "ContentTypeCategory_contentTypeId_fkey" FOREIGN KEY ("contentTypeId") REFERENCES "ContentType"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentTypeCategory" ADD CONSTRAINT "ContentTypeCategory_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "ContentTagCategory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentSitemap" ADD CONSTRAINT "ContentSitemap_contentTypeId_fkey" FOREIGN KEY ("contentTypeId") REFERENCES "ContentType"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentTemplate" ADD CONSTRAINT "ContentTemplate_sitemapId_fkey" FOREIGN KEY ("sitemapId") REFERENCES "ContentSitemap"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentTag" ADD CONSTRAINT "ContentTag_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "ContentTagCategory"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentTopic" ADD CONSTRAINT "ContentTopic_contentTypeId_fkey" FOREIGN KEY ("contentTypeId") REFERENCES "ContentType"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentSeries" ADD CONSTRAINT "ContentSeries_contentTypeId_fkey" FOREIGN KEY ("contentTypeId") REFERENCES "ContentType"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentFamily" ADD CONSTRAINT "ContentFamily_contentTypeId_fkey" FOREIGN KEY ("contentTypeId") REFERENCES "ContentType"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentFamily" ADD CONSTRAINT "ContentFamily_topicId_fkey" FOREIGN KEY ("topicId") REFERENCES "ContentTopic"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentFamily" ADD CONSTRAINT "ContentFamily_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "ContentSeries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentFamily" ADD CONSTRAINT "ContentFamily_mainPageId_fkey" FOREIGN KEY ("mainPageId") REFERENCES "ContentPage"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentFamily" ADD CONSTRAINT "ContentFamily_locationRegionId_fkey" FOREIGN KEY ("locationRegionId") REFERENCES "Region"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentPage" ADD CONSTRAINT "ContentPage_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "ContentFamily"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentPage" ADD CONSTRAINT "ContentPage_sitemapId_fkey" FOREIGN KEY ("sitemapId") REFERENCES "ContentSitemap"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentPage" ADD CONSTRAINT "ContentPage_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "ContentTemplate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentHeaderImage" ADD CONSTRAINT "ContentHeaderImage_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "ContentPage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentSource" ADD CONSTRAINT "ContentSource_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "ContentFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentFamilyAuthor" ADD CONSTRAINT "ContentFamilyAuthor_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "ContentFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentFamilyAuthor" ADD CONSTRAINT "ContentFamilyAuthor_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "ContentAuthor"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentFamilyTag" ADD CONSTRAINT "ContentFamilyTag_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "ContentFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentFamilyTag" ADD CONSTRAINT "ContentFamilyTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "ContentTag"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentCollectionFamily" ADD CONSTRAINT "ContentCollectionFamily_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "ContentCollection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentCollectionFamily" ADD CONSTRAINT "ContentCollectionFamily_familyId_fkey" FOREIGN KEY ("familyId") REFERENCES "ContentFamily"("id") ON DELETE CASCADE ON UPDATE CASCADE;
