-- CreateTable
CREATE TABLE "ApplicationProgress" (
    "id" SERIAL NOT NULL,
    "applicationId" INTEGER NOT NULL,
    "stage" TEXT NOT NULL,
    "position" INTEGER,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "mailClaimedAt" TIMESTAMP(3),
    "mailSentAt" TIMESTAMP(3),

    CONSTRAINT "ApplicationProgress_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ApplicationProgress_applicationId_id_idx" ON "ApplicationProgress"("applicationId", "id");

-- CreateIndex
CREATE INDEX "ApplicationProgress_mailClaimedAt_id_idx" ON "ApplicationProgress"("mailClaimedAt", "id");

-- AddForeignKey
ALTER TABLE "ApplicationProgress" ADD CONSTRAINT "ApplicationProgress_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;
