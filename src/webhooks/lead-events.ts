// The outbox of lead webhooks. Every lead change calls `record` inside its own transaction: when the
// listing's account has an endpoint subscribed to that event, a delivery row is written with the body
// to send (the lead as GET leads/{id} presents it, as of the change). If the transaction commits the
// delivery is queued; if it rolls back, neither is. The webhook worker sends them (webhook-worker.ts).
import { randomUUID } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client.ts';
import { presentLead } from '../leads/lead-presenter.ts';
import { leadInclude } from '../leads/lead-row.ts';
import type { LeadEventRecorder, LeadEventType } from '../lead-lifecycle/lead-event-recorder.ts';

type Tx = Prisma.TransactionClient;

/** how long a delivery is retried, from its event (or its redelivery) */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;

export class LeadEvents implements LeadEventRecorder {
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
    await tx.webhookDelivery.create({
      data: {
        accountId: endpoint.accountId,
        eventId,
        type,
        leadId,
        body,
        nextAttemptAt: now,
        retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS),
      },
    });
  }
}
