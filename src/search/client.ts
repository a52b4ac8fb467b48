// The one module that owns the Elasticsearch client; the rest of the code speaks query DSL.
import { Client, errors, SniffingTransport, type TransportOptions, type TransportRequestOptions, type TransportRequestParams } from '@elastic/elasticsearch';
import { Pool, type Dispatcher } from 'undici';
import { AnswerBytes } from './answer-bytes.ts';
import { EngineGuard, isUnreachable } from './engine-guard.ts';
import { directPoolOptions, engineConnection, officialClientOptions, type EngineSettings } from './engine-connection.ts';
import type { IndexWriteWatcher, WriteNotes } from './index-changes.ts';

/** Who is told of the requests that may change an index (index-changes.ts); none until one is set. */
interface WatcherHolder {
  watcher: IndexWriteWatcher | null;
}

const READ_PATH = /\/_(search|msearch|mget|count|field_caps|validate|explain|analyze|pit|termvectors|mtermvectors|cache)(\/|$)/;
const DOCUMENT_WRITE_PATH = /\/_(bulk|doc|create|update|delete_by_query|update_by_query)(\/|$)/;

/**
 * What a request may do to an index: nothing (reads), a refresh, or a write; a write of documents is
 * searchable at once only when it asks for a refresh (anything else, an alias swap or a new index, is).
 */
export function requestEffect(params: Pick<TransportRequestParams, 'method' | 'path' | 'querystring'>): 'read' | 'refresh' | 'write' | 'searchable-write' {
  const method = params.method.toUpperCase();
  const path = params.path.split('?')[0]!;
  // the client sends a refresh as GET or POST
  if (/\/_refresh$/.test(path)) return 'refresh';
  if (method === 'GET' || method === 'HEAD' || READ_PATH.test(path)) return 'read';
  if (!DOCUMENT_WRITE_PATH.test(path)) return 'searchable-write';
  const qs = params.querystring;
  const refresh = typeof qs === 'string' ? new URLSearchParams(qs).get('refresh') : (qs as Record<string, unknown> | undefined)?.refresh;
  return refresh === true || refresh === 'true' || refresh === 'wait_for' || refresh === '' ? 'searchable-write' : 'write';
}

/**
 * The official client's transport, with every request run through the guard. Retries go at once: the
 * client would otherwise wait one to four seconds before each (its exponential backoff), which is what
 * a search waited before failing when the node was down.
 * The client opens an OpenTelemetry span per request unless told otherwise, at about a fifth of a
 * millisecond each even with no tracer installed. Off unless OTEL_ELASTICSEARCH_ENABLED asks for it.
 */
function guardedTransport(guard: EngineGuard, holder: WatcherHolder) {
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
      const watcher = holder.watcher;
      const effect = watcher ? requestEffect(params) : 'read';
      if (!watcher || effect === 'read') return guard.run(() => super.request(params, options) as Promise<never>);
      const notes = (options?.context as { indexWrite?: WriteNotes } | undefined)?.indexWrite;
      return watched(watcher, effect, () => guard.run(() => super.request(params, options) as Promise<never>), notes);
    }
  };
}

/** A request that may change an index, announced before and settled after (index-changes.ts). */
async function watched<T>(watcher: IndexWriteWatcher, effect: 'refresh' | 'write' | 'searchable-write', send: () => Promise<T>, notes?: WriteNotes): Promise<T> {
  if (effect === 'refresh') {
    const covered = watcher.beforeRefresh();
    return sendThen(send, (answered) => watcher.afterRefresh(covered, answered));
  }
  const seq = await watcher.beforeWrite(notes);
  // a write that failed may still have been carried out in part: searchable once the index refreshes
  return sendThen(send, (answered) => watcher.afterWrite(seq, answered && effect === 'searchable-write', answered ? notes : undefined));
}

/** Sends the request, then tells `after` whether it was answered (also when it failed). */
async function sendThen<T>(send: () => Promise<T>, after: (answered: boolean) => void): Promise<T> {
  let answered = false;
  try {
    const answer = await send();
    answered = true;
    return answer;
  } finally {
    after(answered);
  }
}

// statuses the official transport takes as the node being unable to serve, and retries on another
const RETRIED_STATUSES = new Set([502, 503, 504]);
// a request sent that got no answer in time may have been carried out: like the official client, not retried
const ANSWER_TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

interface DirectNode {
  pool: Pool;
  basePath: string;
}

/**
 * The Elasticsearch client, with two more ways to search: `msearchBytes`, the portal search's hot path,
 * and `searchBytes`, its map listings' requests, go over connection pools of their own (one per node).
 * Sending a body serialised beforehand and taking the answer back as bytes through the client costs
 * about a millisecond of CPU a request more than plain undici (the client's transport, diagnostics and
 * stream handling), a fifth of the service's own work on a search. Both ways connect as the official
 * client does (engine-connection.ts), pick their node from its connection pool (so a node one path
 * found dead is left out by both) and share one circuit breaker (engine-guard.ts): while no node can
 * be reached, requests fail at once with SearchUnavailableError.
 */
export class SearchClient extends Client {
  private readonly directNodes: Map<string, DirectNode>;
  private readonly authorization: string | undefined;
  private readonly maxRetries: number;
  private readonly guard: EngineGuard;
  private readonly writes: WatcherHolder;

  constructor(settings: EngineSettings) {
    const guard = new EngineGuard();
    const writes: WatcherHolder = { watcher: null };
    const connection = engineConnection(settings);
    super({ ...officialClientOptions(connection), Transport: guardedTransport(guard, writes) });
    this.guard = guard;
    this.writes = writes;
    const poolOptions = directPoolOptions(connection);
    this.directNodes = new Map(connection.nodes.map((node) => [node.id, { pool: new Pool(node.origin, poolOptions), basePath: node.basePath }]));
    this.authorization = connection.authorization;
    this.maxRetries = connection.maxRetries;
  }

  /** Tells `watcher` of every request that may change an index (index-changes.ts). */
  watchWrites(watcher: IndexWriteWatcher): void {
    this.writes.watcher = watcher;
  }

  /** Calls `listener` whenever the engine is back after being out of reach; returns the unsubscriber. */
  onEngineBack(listener: () => void): () => void {
    return this.guard.onClose(listener);
  }

  /** Calls `listener` whenever the engine is found out of reach (requests then fail at once); returns the unsubscriber. */
  onEngineLost(listener: () => void): () => void {
    return this.guard.onOpen(listener);
  }

  /** Calls `listener` for every request that goes to the engine, and `trial` for each the open circuit lets through; returns the unsubscriber. */
  onEngineRequest(listener: () => void, trial: () => void = () => undefined): () => void {
    const offAttempt = this.guard.onAttempt(listener);
    const offTrial = this.guard.onTrial(trial);
    return () => {
      offAttempt();
      offTrial();
    };
  }

  /**
   * A multi-search whose body is already newline-delimited JSON; the answer comes back as the engine's
   * bytes, unparsed and in the chunks they arrived in, for callers that may not need to read it (see listing-search/search-response-memo.ts).
   * A failed search throws as the client would. As in the official transport, a node that cannot be
   * reached (or answers 502, 503 or 504) is marked dead and the search is tried again on the next node.
   */
  msearchBytes(index: string, ndjson: string, filterPath: string[]): Promise<AnswerBytes> {
    return this.guard.run(() => this.directRequest(`/${encodeURIComponent(index)}/_msearch?filter_path=${filterPath.join(',')}`, ndjson, 'application/x-ndjson'));
  }

  /** A search whose body is already JSON, answered as msearchBytes answers (the map listings' requests). */
  searchBytes(index: string, json: string, filterPath: string[]): Promise<AnswerBytes> {
    return this.guard.run(() => this.directRequest(`/${encodeURIComponent(index)}/_search?filter_path=${filterPath.join(',')}`, json, 'application/json'));
  }

  private async directRequest(pathAndQuery: string, body: string, contentType: string): Promise<AnswerBytes> {
    const headers = { 'content-type': contentType, accept: 'application/json', ...(this.authorization ? { authorization: this.authorization } : {}) };
    for (let attempt = 0; ; attempt++) {
      const connection = this.connectionPool.getConnection({ now: Date.now(), requestId: 0, name: 'directRequest', context: null });
      const node = connection && this.directNodes.get(connection.id);
      // the pool holds every node of ELASTICSEARCH_URL until the client is closed
      if (!connection || !node) throw new Error('the search client is closed');
      let res: Dispatcher.ResponseData;
      let answer: AnswerBytes;
      try {
        res = await node.pool.request({ method: 'POST', path: `${node.basePath}${pathAndQuery}`, body, headers });
        answer = await readAnswer(res.body);
      } catch (err) {
        if (!isUnreachable(err)) throw err;
        this.connectionPool.markDead(connection);
        if (ANSWER_TIMEOUTS.has((err as { code?: string }).code ?? '') || attempt >= this.maxRetries) throw err;
        continue;
      }
      if (RETRIED_STATUSES.has(res.statusCode)) {
        this.connectionPool.markDead(connection);
        if (attempt < this.maxRetries) continue;
      } else {
        this.connectionPool.markAlive(connection);
      }
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
  }

  override async close(): Promise<void> {
    await Promise.all([super.close(), ...[...this.directNodes.values()].map((node) => node.pool.close())]);
  }
}

async function readAnswer(body: Dispatcher.ResponseData['body']): Promise<AnswerBytes> {
  const chunks: Buffer[] = [];
  let length = 0;
  await new Promise<void>((resolve, reject) => {
    body.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    });
    body.once('end', resolve);
    body.once('error', reject);
  });
  return new AnswerBytes(chunks, length);
}

/** A client for the nodes at `settings` (or at this URL or comma-separated URLs, with their credentials if any). */
export function createSearchClient(settings: EngineSettings | string): SearchClient {
  return new SearchClient(typeof settings === 'string' ? { url: settings } : settings);
}
