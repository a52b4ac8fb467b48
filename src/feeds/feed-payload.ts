// The answers of the BLM import: the queued import, and its report.
import { about, integer, listOf, named, nText, oneOf, shape, text, withJsonSchema, type Payload } from '../core/openapi/payload-fields.ts';
import { IMPORT_STATUSES } from './feed-import-service.ts';

const ROW_STATUSES = ['created', 'updated', 'unchanged', 'rejected', 'withdrawn'] as const;

const importId = withJsonSchema(text, { format: 'uuid' });

export const feedImportQueuedPayload = named('FeedImportQueued', shape({ id: importId, status: oneOf(IMPORT_STATUSES) }));

export const feedImportPayload = named(
  'FeedImport',
  shape({
    id: importId,
    format: oneOf(['blm'] as const),
    status: oneOf(IMPORT_STATUSES),
    counts: shape({ rows: integer, created: integer, updated: integer, unchanged: integer, withdrawn: integer, rejected: integer }),
    rows: listOf(
      shape({
        agentRef: about(text, "the agent's reference (AGENT_REF)"),
        status: oneOf(ROW_STATUSES),
        listing: about(nText, 'the externalRef of the listing that advertises the home (or advertised it, when withdrawn)'),
        errors: listOf(shape({ field: about(text, 'the BLM column at fault (or our field, for a rule of ours)'), message: text })),
        warnings: about(listOf(text), 'what the row said that is not shown here, or was read with a rule (docs/feeds.md)'),
      }),
    ),
  }),
);

export type FeedImportQueuedPayload = Payload<typeof feedImportQueuedPayload>;
export type FeedImportPayload = Payload<typeof feedImportPayload>;
