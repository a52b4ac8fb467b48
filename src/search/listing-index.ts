import type { SearchClient } from './client.ts';
import { IndexManager, loadIndexDefinition } from './index-manager.ts';

/** The listing index: `<prefix>_listings`, an alias over versioned physical indices. */
export function listingIndexManager(search: SearchClient, prefix: string): IndexManager {
  return new IndexManager(search, `${prefix}_listings`, loadIndexDefinition('listings'));
}
