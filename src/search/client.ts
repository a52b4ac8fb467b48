// The one module that owns the Elasticsearch client; the rest of the code speaks query DSL.
import { Client, errors, SniffingTransport, type TransportOptions } from '@elastic/elasticsearch';
import { Pool } from 'undici';
import { AnswerBytes } from './answer-bytes.ts';

// The client opens an OpenTelemetry span per request unless told otherwise, at about a fifth of a
// millisecond each even with no tracer installed. Off unless OTEL_ELASTICSEARCH_ENABLED asks for it.
class TransportWithoutUnaskedTracing extends SniffingTransport {
  constructor(options: TransportOptions) {
    super(process.env.OTEL_ELASTICSEARCH_ENABLED === undefined ? { ...options, openTelemetry: { enabled: false } } : options);
  }
}

const REQUEST_TIMEOUT_MS = 30_000;
const CONNECTION_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * The Elasticsearch client, with one more way to search: `msearchBytes`, the portal search's hot path,
 * goes over a connection pool of its own. Sending a body serialised beforehand and taking the answer
 * back as bytes through the client costs about a millisecond of CPU a request more than plain
 * undici (the client's transport, diagnostics and stream handling), a fifth of the service's own work
 * on a search.
 */
export class SearchClient extends Client {
  private readonly direct: Pool;
  private readonly base: string;
  private readonly authorization: string | undefined;

  constructor(url: string) {
    super({ node: url, requestTimeout: REQUEST_TIMEOUT_MS, maxRetries: 2, Transport: TransportWithoutUnaskedTracing });
    const parsed = new URL(url);
    this.direct = new Pool(parsed.origin, { connections: 64, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS });
    this.base = parsed.pathname.replace(/\/$/, '');
    this.authorization = parsed.username
      ? `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`
      : undefined;
  }

  /**
   * A multi-search whose body is already newline-delimited JSON; the answer comes back as the engine's
   * bytes, unparsed and in the chunks they arrived in, for callers that may not need to read it (see listing-search/search-response-memo.ts).
   * A failed search throws as the client would; a connection dropped before the answer is tried once more.
   */
  async msearchBytes(index: string, ndjson: string, filterPath: string[]): Promise<AnswerBytes> {
    const request = {
      method: 'POST' as const,
      path: `${this.base}/${encodeURIComponent(index)}/_msearch?filter_path=${filterPath.join(',')}`,
      body: ndjson,
      headers: { 'content-type': 'application/x-ndjson', accept: 'application/json', ...(this.authorization ? { authorization: this.authorization } : {}) },
    };
    const res = await this.direct.request(request).catch((err: { code?: string }) => {
      if (CONNECTION_ERRORS.has(err.code ?? '')) return this.direct.request(request);
      throw err;
    });
    const chunks: Buffer[] = [];
    let length = 0;
    await new Promise<void>((resolve, reject) => {
      res.body.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
      });
      res.body.once('end', resolve);
      res.body.once('error', reject);
    });
    const answer = new AnswerBytes(chunks, length);
    if (res.statusCode >= 400) {
      const text = answer.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: kept as text */
      }
      throw new errors.ResponseError({ body, statusCode: res.statusCode, headers: res.headers, warnings: null } as never);
    }
    return answer;
  }

  override async close(): Promise<void> {
    await Promise.all([super.close(), this.direct.close()]);
  }
}

export function createSearchClient(url: string): SearchClient {
  return new SearchClient(url);
}
