import type { LookupItem } from '../generated/prisma/client.ts';
import type { LookupShape } from './lookup-lists.ts';
import type { LookupItemPayload, LookupRefPayload } from './lookup-payload.ts';

export function presentLookupItem(item: LookupItem, shape: LookupShape): LookupItemPayload {
  switch (shape) {
    case 'owner':
      return { id: item.id, name: item.name, owner: item.owner ?? false };
    case 'working':
      return { id: item.id, name: item.name, working: item.working ?? false };
    case 'slugged':
      return { id: item.id, name: item.name, slug: item.slug };
    case 'plain':
      return { id: item.id, name: item.name };
  }
}

/** The `{id, name}` form a customer resource uses for its lookup fields. */
export function presentLookupRef(item: Pick<LookupItem, 'id' | 'name'> | null | undefined): LookupRefPayload | null {
  return item ? { id: item.id, name: item.name } : null;
}
