-- DropIndex
DROP INDEX "AlertMatch_customerId_sentAt_idx";

-- CreateIndex
CREATE INDEX "AlertMatch_sentAt_customerId_idx" ON "AlertMatch"("sentAt", "customerId");
