// Payload and query string of the webhook endpoints.
import * as yup from 'yup';
import { HTTP_URL_PATTERN, maxChars, trimmed, withJsonSchema } from '../core/validation.ts';
import { pageFields } from '../core/envelope.ts';
import { plainBoolean } from '../sync/payload-fields.ts';
import { jsonObjectBody } from '../sync-api/write-schemas.ts';
import { isHttpUrl } from '../auth/magic-link-url.ts';
import { LEAD_EVENT_TYPES } from '../lead-lifecycle/lead-event-recorder.ts';

const HTTP_URL = new RegExp(HTTP_URL_PATTERN);
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookEndpointSchema = jsonObjectBody(
  yup.object({
    url: withJsonSchema(
      maxChars(yup.string().typeError('url must be a string').transform(trimmed), 2000, 'url must be at most 2000 characters')
        .required('url is required')
        .matches(HTTP_URL, 'url must be an absolute http(s) URL')
        .test('http-url', 'url must be an absolute http(s) URL', (v) => !v || !HTTP_URL.test(v) || isHttpUrl(v)),
      { description: 'where lead events are POSTed; in the live environment an https URL resolving to public addresses only' },
    ),
    events: withJsonSchema(
      yup
        .array(
          yup
            .string()
            .typeError('events must hold event names')
            .required()
            .oneOf(LEAD_EVENT_TYPES, 'events must hold lead.created or lead.updated'),
        )
        .typeError('events must be a list of event names')
        .required('events is required')
        .min(1, 'events must name at least one event')
        .max(LEAD_EVENT_TYPES.length, `events must hold at most ${LEAD_EVENT_TYPES.length} items`),
      { description: 'the events to send' },
    ),
    rotateSecret: withJsonSchema(plainBoolean().default(false), { description: 'true makes a new signing secret (shown in the answer)' }),
  }),
);
export type WebhookEndpointBody = yup.InferType<typeof webhookEndpointSchema>;

export const deliveriesQuery = yup.object({
  ...pageFields(),
  status: withJsonSchema(yup.string().nullable().default(null).oneOf(DELIVERY_STATUSES, 'status must be pending, delivered or failed'), {
    description: 'only the deliveries with this status',
  }),
});
