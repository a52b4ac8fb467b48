// The items of the lookup lists, one payload per shape of list.
import { flag, integer, named, shape, text, type Payload } from '../core/openapi/payload-fields.ts';
import type { LookupShape } from './lookup-lists.ts';

export const lookupItemPayloads = {
  plain: named('LookupItem', shape({ id: integer, name: text })),
  owner: named('LivingCircumstance', shape({ id: integer, name: text, owner: flag })),
  working: named('WorkingCircumstance', shape({ id: integer, name: text, working: flag })),
  slugged: named('SluggedLookupItem', shape({ id: integer, name: text, slug: text })),
} satisfies Record<LookupShape, unknown>;

export type LookupItemPayload = Payload<(typeof lookupItemPayloads)[LookupShape]>;
/** The `{id, name}` form a customer resource uses for its lookup fields. */
export type LookupRefPayload = Payload<typeof lookupItemPayloads.plain>;
