-- DropIndex
DROP INDEX "ApplicationProgress_mailClaimedAt_id_idx";

-- AlterTable
ALTER TABLE "ApplicationProgress" DROP COLUMN "mailClaimedAt",
DROP COLUMN "mailSentAt";

-- CreateTable
CREATE TABLE "OutgoingMail" (
    "id" BIGSERIAL NOT NULL,
    "template" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "headers" JSONB,
    "attachments" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "OutgoingMail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OutgoingMail_claimedAt_id_idx" ON "OutgoingMail"("claimedAt", "id");
