// The one module that owns the Elasticsearch client; the rest of the code speaks query DSL.
import { Client, errors, SniffingTransport, type TransportOptions, type TransportRequestOptions, type TransportRequestParams } from '@elastic/elasticsearch';
import { Pool } from 'undici';
import { AnswerBytes } from './answer-bytes.ts';
import { EngineGuard } from './engine-guard.ts';
import { directPoolOptions, engineConnection, officialClientOptions, type EngineSettings } from './engine-connection.ts';

const CONNECTION_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * The official client's transport, with every request run through the guard. Retries go at once: the
 * client would otherwise wait one to four seconds before each (its exponential backoff), which is what
 * a search waited before failing when the node was down.
 * The client opens an OpenTelemetry span per request unless told otherwise, at about a fifth of a
 * millisecond each even with no tracer installed. Off unless OTEL_ELASTICSEARCH_ENABLED asks for it.
 */
function guardedTransport(guard: EngineGuard) {
  return class GuardedTransport extends SniffingTransport {
    constructor(options: TransportOptions) {
      super({
        ...options,
        retryBackoff: () => 0,
        ...(process.env.OTEL_ELASTICSEARCH_ENABLED === undefined ? { openTelemetry: { enabled: false } } : {}),
      });
    }

    // one signature for the base's overloads: the answer is theirs, untouched
    override request(params: TransportRequestParams, options?: TransportRequestOptions): Promise<never> {
      return guard.run(() => super.request(params, options) as Promise<never>);
    }
  };
}

/**
 * The Elasticsearch client, with one more way to search: `msearchBytes`, the portal search's hot path,
 * goes over a connection pool of its own. Sending a body serialised beforehand and taking the answer
 * back as bytes through the client costs about a millisecond of CPU a request more than plain
 * undici (the client's transport, diagnostics and stream handling), a fifth of the service's own work
 * on a search. Both paths connect alike (engine-connection.ts) and share one circuit breaker
 * (engine-guard.ts): while the node is out of reach, requests fail at once with SearchUnavailableError.
 */
export class SearchClient extends Client {
  private readonly direct: Pool;
  private readonly base: string;
  private readonly authorization: string | undefined;
  private readonly guard: EngineGuard;

  constructor(settings: EngineSettings) {
    const guard = new EngineGuard();
    const connection = engineConnection(settings);
    super({ ...officialClientOptions(connection), Transport: guardedTransport(guard) });
    this.guard = guard;
    this.direct = new Pool(connection.origin, directPoolOptions(connection));
    this.base = connection.basePath;
    this.authorization = connection.authorization;
  }

  /** Calls `listener` whenever the engine is back after being out of reach; returns the unsubscriber. */
  onEngineBack(listener: () => void): () => void {
    return this.guard.onClose(listener);
  }

  /** Calls `listener` whenever the engine is found out of reach (requests then fail at once); returns the unsubscriber. */
  onEngineLost(listener: () => void): () => void {
    return this.guard.onOpen(listener);
  }

  /**
   * A multi-search whose body is already newline-delimited JSON; the answer comes back as the engine's
   * bytes, unparsed and in the chunks they arrived in, for callers that may not need to read it (see listing-search/search-response-memo.ts).
   * A failed search throws as the client would; a connection dropped before the answer is tried once more.
   */
  msearchBytes(index: string, ndjson: string, filterPath: string[]): Promise<AnswerBytes> {
    return this.guard.run(() => this.directMultiSearch(index, ndjson, filterPath));
  }

  private async directMultiSearch(index: string, ndjson: string, filterPath: string[]): Promise<AnswerBytes> {
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

/** A client for the node at `settings` (or at this URL, with its credentials if any). */
export function createSearchClient(settings: EngineSettings | string): SearchClient {
  return new SearchClient(typeof settings === 'string' ? { url: settings } : settings);
}
