// The one module that owns the Elasticsearch client; the rest of the code speaks query DSL.
import { Client } from '@elastic/elasticsearch';

export type { Client as SearchClient };

export function createSearchClient(url: string): Client {
  return new Client({ node: url, requestTimeout: 30_000, maxRetries: 2 });
}
