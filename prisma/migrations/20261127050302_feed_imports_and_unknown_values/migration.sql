-- AlterTable
ALTER TABLE "ApiAccount" ADD COLUMN     "feedSharedOwnershipPrice" TEXT NOT NULL DEFAULT 'full-value';

-- AlterTable
ALTER TABLE "Development" ALTER COLUMN "tenure" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Property" ALTER COLUMN "bathrooms" DROP NOT NULL,
ALTER COLUMN "tenure" DROP NOT NULL,
ALTER COLUMN "energyEfficiencyRatingCurrent" DROP NOT NULL,
ALTER COLUMN "energyEfficiencyRatingPotential" DROP NOT NULL,
ALTER COLUMN "environmentalImpactRatingCurrent" DROP NOT NULL,
ALTER COLUMN "environmentalImpactRatingPotential" DROP NOT NULL;

-- CreateTable
CREATE TABLE "FeedImport" (
    "id" UUID NOT NULL,
    "accountId" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "partial" BOOLEAN NOT NULL DEFAULT false,
    "input" JSONB NOT NULL,
    "counts" JSONB NOT NULL DEFAULT '{}',
    "report" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "FeedImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FeedImport_status_createdAt_idx" ON "FeedImport"("status", "createdAt");

-- CreateIndex
CREATE INDEX "FeedImport_accountId_createdAt_idx" ON "FeedImport"("accountId", "createdAt");

-- AddForeignKey
ALTER TABLE "FeedImport" ADD CONSTRAINT "FeedImport_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ApiAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;
