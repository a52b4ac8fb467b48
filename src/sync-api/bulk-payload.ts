// The answer for one item of a bulk write, in request order.
import { listOf, mapOf, named, oneOf, shape, text, withJsonSchema, type Payload } from '../core/openapi/payload-fields.ts';

export const BULK_ITEM_STATUSES = ['created', 'updated', 'unchanged', 'deleted', 'failed'] as const;

export const bulkItemResultPayload = named(
  'BulkItemResult',
  shape({
    externalRef: text.nullable(),
    status: oneOf(BULK_ITEM_STATUSES),
    // messages per field, as a 422 gives them; null unless failed (a map's null goes in its JSON Schema type)
    errors: withJsonSchema(mapOf(listOf(text)).nullable(), { type: ['object', 'null'] }),
  }),
);

export type BulkItemResultPayload = Payload<typeof bulkItemResultPayload>;
