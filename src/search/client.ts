// The one module that owns the Elasticsearch client; the rest of the code speaks query DSL.
import { Client, errors, SniffingTransport, type TransportOptions } from '@elastic/elasticsearch';

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

/**
 * A multi-search whose answer comes back as the engine's bytes, unparsed: for callers that may not
 * need to read it (see listing-search/search-response-memo.ts). A failed request still throws.
 */
export async function msearchBytes(client: Client, params: Parameters<Client['msearch']>[0]): Promise<Buffer> {
  const res = await client.msearch(params, { asStream: true, meta: true });
  const chunks: Buffer[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
  const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  if (res.statusCode !== null && res.statusCode !== undefined && res.statusCode >= 400) {
    const text = bytes.toString('utf8');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: kept as text */
    }
    throw new errors.ResponseError({ ...res, body, warnings: res.warnings ?? null } as never);
  }
  return bytes;
}
