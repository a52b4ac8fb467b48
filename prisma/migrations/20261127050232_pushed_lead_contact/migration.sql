-- AlterTable
ALTER TABLE "Application" ADD COLUMN     "pushedByAccountId" INTEGER,
ADD COLUMN     "pushedContact" JSONB,
ALTER COLUMN "customerId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "Application_pushedByAccountId_idx" ON "Application"("pushedByAccountId");

-- AddForeignKey
ALTER TABLE "Application" ADD CONSTRAINT "Application_pushedByAccountId_fkey" FOREIGN KEY ("pushedByAccountId") REFERENCES "ApiAccount"("id") ON DELETE SET NULL ON UPDATE CASCADE;
