import type { SearchClient } from './client.ts';
import { IndexManager, loadIndexDefinition, withReplicas } from './index-manager.ts';

/** The listing index: `<prefix>_listings`, an alias over versioned physical indices with `replicas` copies of each shard. */
export function listingIndexManager(search: SearchClient, prefix: string, replicas: number): IndexManager {
  return new IndexManager(search, `${prefix}_listings`, withReplicas(loadIndexDefinition('listings'), replicas));
}
