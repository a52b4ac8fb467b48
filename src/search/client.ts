// The one module that owns the Elasticsearch client; the rest of the code speaks query DSL.
import { Client, SniffingTransport, type TransportOptions } from '@elastic/elasticsearch';

export type { Client as SearchClient };

// The client opens an OpenTelemetry span per request unless told otherwise, at about a fifth of a
// millisecond each even with no tracer installed. Off unless OTEL_ELASTICSEARCH_ENABLED asks for it.
class TransportWithoutUnaskedTracing extends SniffingTransport {
  constructor(options: TransportOptions) {
    super(process.env.OTEL_ELASTICSEARCH_ENABLED === undefined ? { ...options, openTelemetry: { enabled: false } } : options);
  }
}

export function createSearchClient(url: string): Client {
  return new Client({ node: url, requestTimeout: 30_000, maxRetries: 2, Transport: TransportWithoutUnaskedTracing });
}
