// The account's webhook endpoint and the deliveries of its events.
import { about, dateTime, integer, listOf, named, oneOf, optional, shape, text, withJsonSchema, type Payload } from '../core/openapi/payload-fields.ts';
import { LEAD_EVENT_TYPES } from '../lead-lifecycle/lead-event-recorder.ts';
import { DELIVERY_STATUSES } from './webhook-schemas.ts';

export const webhookEndpointPayload = named(
  'WebhookEndpoint',
  shape({
    url: text,
    events: listOf(oneOf(LEAD_EVENT_TYPES)),
    createdAt: dateTime,
    updatedAt: dateTime,
    secret: optional(about(text, 'the signing secret: only in the answer that made it')),
  }),
);

export const webhookDeliveryPayload = named(
  'WebhookDelivery',
  shape({
    id: integer,
    eventId: withJsonSchema(text, { format: 'uuid' }),
    type: oneOf(LEAD_EVENT_TYPES),
    leadId: integer,
    status: oneOf(DELIVERY_STATUSES),
    attempts: integer,
    lastStatusCode: integer.nullable(),
    lastError: text.nullable(),
    nextAttemptAt: about(dateTime.nullable(), 'when the next attempt is due (null once delivered or failed)'),
    deliveredAt: dateTime.nullable(),
    createdAt: dateTime,
  }),
);

export type WebhookEndpointPayload = Payload<typeof webhookEndpointPayload>;
export type WebhookDeliveryPayload = Payload<typeof webhookDeliveryPayload>;
