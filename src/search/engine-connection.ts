// How the service reaches the engine, derived once from the configuration for both HTTP paths: the
// official client and the search's own pools (client.ts). The nodes, the credentials, TLS, the
// timeouts and the retries come from here only, so that the two paths cannot connect differently.
import { ClusterConnectionPool, type ClientOptions } from '@elastic/elasticsearch';
import type { Pool } from 'undici';
import { engineUrls } from './engine-urls.ts';

export interface EngineSettings {
  /**
   * ELASTICSEARCH_URL: one URL, or the URLs of several nodes of one cluster separated by commas; http
   * or https, optionally with user:password and a path prefix
   */
  url: string;
  /** ELASTICSEARCH_API_KEY: an encoded API key; it wins over credentials in the URL, as with the official client */
  apiKey?: string | undefined;
}

/**
 * Opening a connection (TCP, and the TLS handshake for https) may take this long. A node that is down or
 * out of reach then costs a search this much at most before it is tried on the next node, or, with every
 * node down, before it fails towards the circuit breaker (engine-guard.ts); not the 10 s of undici's default.
 */
export const CONNECT_TIMEOUT_MS = 400;
/** An answer may take this long once the request is sent (bulk writes and reindexing are the slow ones). */
export const REQUEST_TIMEOUT_MS = 30_000;

export type EngineAuth = { apiKey: string } | { username: string; password: string };

export interface EngineNode {
  /** the node's origin, without credentials or path: what the undici pools connect to */
  origin: string;
  /** the path prefix of a node behind a proxy ('' when none) */
  basePath: string;
  /** origin and path: the node's URL and its id in the official client's connection pool */
  id: string;
}

export interface EngineConnection {
  /** every node the service may send a request to, in the order of ELASTICSEARCH_URL */
  nodes: EngineNode[];
  auth: EngineAuth | undefined;
  /** the Authorization header that `auth` gives (the official client's rule: ApiKey first, then Basic) */
  authorization: string | undefined;
  /** undici's connect options; https origins verify the node against Node's CA store (NODE_EXTRA_CA_CERTS adds a private CA) */
  connect: { timeout: number };
  /**
   * Retries of a request whose node could not be reached, each on the next node: one per node, so that
   * with one node down the request still finds one that is up (and with a single node, one retry for a
   * kept-alive connection the node has just closed). An outage of every node is the guard's.
   */
  maxRetries: number;
}

export function engineConnection(settings: EngineSettings): EngineConnection {
  const urls = engineUrls(settings.url).map((url) => new URL(url));
  if (urls.length === 0) throw new Error('ELASTICSEARCH_URL names no node');
  const credentials = new Set(urls.filter((url) => url.username && url.password).map((url) => `${url.username}:${url.password}`));
  if (credentials.size > 1) throw new Error('the URLs of ELASTICSEARCH_URL carry different credentials: one cluster takes one');
  const url = urls.find((u) => u.username && u.password) ?? urls[0]!;
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  // like the official client: credentials in the URL count only when both parts are there
  const auth: EngineAuth | undefined = settings.apiKey ? { apiKey: settings.apiKey } : username && password ? { username, password } : undefined;
  const nodes = urls.map((u) => {
    const basePath = u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '');
    return { origin: u.origin, basePath, id: `${u.origin}${basePath}` };
  });
  return {
    nodes,
    auth,
    authorization: !auth ? undefined : 'apiKey' in auth ? `ApiKey ${auth.apiKey}` : `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`,
    connect: { timeout: CONNECT_TIMEOUT_MS },
    maxRetries: nodes.length,
  };
}

/**
 * The official client's options (the Transport class is the caller's). Its cluster pool leaves a node
 * that failed out of the rotation and pings it again after a minute (doubling while it stays down);
 * with every node down it tries them all.
 */
export function officialClientOptions(connection: EngineConnection): ClientOptions {
  return {
    nodes: connection.nodes.map((node) => ({ url: new URL(node.id), id: node.id })),
    ConnectionPool: ClusterConnectionPool,
    ...(connection.auth ? { auth: connection.auth } : {}),
    requestTimeout: REQUEST_TIMEOUT_MS,
    maxRetries: connection.maxRetries,
    // the client spreads this object into undici's Pool options; its type names only some of them
    agent: { connect: connection.connect } as ClientOptions['agent'],
  };
}

/** The search's own pools, one per node: the same connect options and timeouts as the official client. */
export function directPoolOptions(connection: EngineConnection): Pool.Options {
  return { connections: 64, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS, connect: connection.connect };
}
