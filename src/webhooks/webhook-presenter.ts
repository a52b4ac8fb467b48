// The webhook endpoint and its deliveries as the account sees them.
import type { WebhookEndpoint } from '../generated/prisma/client.ts';
import type { ListedDelivery } from './webhook-service.ts';
import type { WebhookDeliveryPayload, WebhookEndpointPayload } from './webhook-payload.ts';
import type { LeadEventType } from '../lead-lifecycle/lead-event-recorder.ts';
import type { DELIVERY_STATUSES } from './webhook-schemas.ts';

type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

// the columns hold only values of LEAD_EVENT_TYPES and DELIVERY_STATUSES, which the service writes

/** The endpoint; its secret only when it was just made. */
export function presentEndpoint(endpoint: WebhookEndpoint, withSecret: boolean): WebhookEndpointPayload {
  return {
    url: endpoint.url,
    events: endpoint.events as LeadEventType[],
    ...(withSecret ? { secret: endpoint.secret } : {}),
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

export function presentDelivery(d: ListedDelivery): WebhookDeliveryPayload {
  return {
    id: d.id,
    eventId: d.eventId,
    type: d.type as LeadEventType,
    leadId: d.leadId,
    status: d.status as DeliveryStatus,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    // when the next attempt is due (its job's time on the job queue); null once delivered or given up
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  };
}
