// How the service reaches the engine, derived once from the configuration for both HTTP paths: the
// official client and the search's own pool (client.ts). The node, the credentials, TLS and the
// timeouts come from here only, so that the two paths cannot connect differently.
import type { ClientOptions } from '@elastic/elasticsearch';
import type { Pool } from 'undici';

export interface EngineSettings {
  /** ELASTICSEARCH_URL: http or https, optionally with user:password and a path prefix */
  url: string;
  /** ELASTICSEARCH_API_KEY: an encoded API key; it wins over credentials in the URL, as with the official client */
  apiKey?: string | undefined;
}

/**
 * Opening a connection (TCP, and the TLS handshake for https) may take this long. A node that is down or
 * out of reach then costs a search this much at most before the circuit opens (engine-guard.ts), not the
 * 10 s of undici's default.
 */
export const CONNECT_TIMEOUT_MS = 400;
/** An answer may take this long once the request is sent (bulk writes and reindexing are the slow ones). */
export const REQUEST_TIMEOUT_MS = 30_000;

export type EngineAuth = { apiKey: string } | { username: string; password: string };

export interface EngineConnection {
  /** the node's origin, without credentials or path: what both undici pools connect to */
  origin: string;
  /** the path prefix of a node behind a proxy ('' when none) */
  basePath: string;
  auth: EngineAuth | undefined;
  /** the Authorization header that `auth` gives (the official client's rule: ApiKey first, then Basic) */
  authorization: string | undefined;
  /** undici's connect options; https origins verify the node against Node's CA store (NODE_EXTRA_CA_CERTS adds a private CA) */
  connect: { timeout: number };
}

export function engineConnection(settings: EngineSettings): EngineConnection {
  const url = new URL(settings.url);
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  // like the official client: credentials in the URL count only when both parts are there
  const auth: EngineAuth | undefined = settings.apiKey ? { apiKey: settings.apiKey } : username && password ? { username, password } : undefined;
  return {
    origin: url.origin,
    basePath: url.pathname === '/' ? '' : url.pathname.replace(/\/$/, ''),
    auth,
    authorization: !auth ? undefined : 'apiKey' in auth ? `ApiKey ${auth.apiKey}` : `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`,
    connect: { timeout: CONNECT_TIMEOUT_MS },
  };
}

/** The official client's options (the Transport class is the caller's). */
export function officialClientOptions(connection: EngineConnection): ClientOptions {
  return {
    node: `${connection.origin}${connection.basePath}`,
    ...(connection.auth ? { auth: connection.auth } : {}),
    requestTimeout: REQUEST_TIMEOUT_MS,
    // one retry (at once: see client.ts), for a kept-alive connection the node has just closed; an outage is the guard's
    maxRetries: 1,
    // the client spreads this object into undici's Pool options; its type names only some of them
    agent: { connect: connection.connect } as ClientOptions['agent'],
  };
}

/** The search's own pool: the same origin, connect options and timeouts as the official client. */
export function directPoolOptions(connection: EngineConnection): Pool.Options {
  return { connections: 64, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS, connect: connection.connect };
}
