// The outbox of lead webhooks. Every lead change calls `record` inside its own transaction: when the
// listing's account has an endpoint subscribed to that event, a delivery row is written with the body
// to send (the lead as GET leads/{id} presents it, as of the change), and a job of the webhook-delivery
// kind is enqueued for it in the same transaction (webhook-job.ts posts it). If the transaction commits
// the delivery is queued; if it rolls back, neither is.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client.ts';
import { presentLead } from '../leads/lead-presenter.ts';
import { leadInclude } from '../leads/lead-row.ts';
import type { LeadEventRecorder, LeadEventType } from '../lead-lifecycle/lead-event-recorder.ts';
import type { JobQueue, JobRetries } from '../db/job-queue.ts';
import { enqueueDelivery } from './webhook-job.ts';

type Tx = Prisma.TransactionClient;

export class LeadEvents implements LeadEventRecorder {
  constructor(
    private readonly jobs: JobQueue,
    private readonly retries: JobRetries,
  ) {}

  async record(tx: Tx, leadId: number, type: LeadEventType, now = new Date()): Promise<void> {
    const [endpoint] = await tx.$queryRaw<{ accountId: number }[]>`
      SELECT e."accountId" FROM "Application" a
      JOIN "Listing" l ON l.id = a."listingId"
      JOIN "WebhookEndpoint" e ON e."accountId" = l."accountId"
      WHERE a.id = ${leadId} AND ${type} = ANY(e.events)`;
    if (!endpoint) return;
    const lead = await tx.application.findUniqueOrThrow({ where: { id: leadId }, include: leadInclude });
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, type, createdAt: now.toISOString(), data: presentLead(lead) });
    const row = await tx.webhookDelivery.create({
      data: { accountId: endpoint.accountId, eventId, type, leadId, body },
      select: { id: true, accountId: true, leadId: true },
    });
    await enqueueDelivery(this.jobs, tx, row, this.retries);
  }
}
