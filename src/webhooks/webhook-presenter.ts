// The webhook endpoint and its deliveries as the account sees them.
import type { WebhookDelivery, WebhookEndpoint } from '../generated/prisma/client.ts';

/** The endpoint; its secret only when it was just made. */
export function presentEndpoint(endpoint: WebhookEndpoint, withSecret: boolean) {
  return {
    url: endpoint.url,
    events: endpoint.events,
    ...(withSecret ? { secret: endpoint.secret } : {}),
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

export function presentDelivery(d: WebhookDelivery) {
  return {
    id: d.id,
    eventId: d.eventId,
    type: d.type,
    leadId: d.leadId,
    status: d.status,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    // when the next attempt is due; null once delivered or given up
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  };
}
