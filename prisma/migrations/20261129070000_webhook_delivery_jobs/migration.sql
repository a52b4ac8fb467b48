-- Lead webhooks are jobs of the webhook-delivery kind on the job queue: the leases and retry window of
-- the rows go (the queue retries and keeps dead letters), the rows stay as the deliveries log.
-- DropIndex
DROP INDEX "WebhookDelivery_status_nextAttemptAt_idx";

-- AlterTable
ALTER TABLE "WebhookDelivery" DROP COLUMN "nextAttemptAt",
DROP COLUMN "retryUntil";

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_createdAt_idx" ON "WebhookDelivery"("status", "createdAt");
