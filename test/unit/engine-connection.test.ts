// How both HTTP paths to the engine (the official client and the search's own pools) take their
// connection settings from the configuration.
import { expect } from 'chai';
import { ClusterConnectionPool } from '@elastic/elasticsearch';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { CONNECT_TIMEOUT_MS, REQUEST_TIMEOUT_MS, directPoolOptions, engineConnection, officialClientOptions } from '../../src/search/engine-connection.ts';
import { SearchClient } from '../../src/search/client.ts';

const base = { DATABASE_URL: 'postgresql://u:p@localhost:5432/db' };
const fromEnv = (env: Record<string, string>) => {
  const config = loadConfig({ ...base, ...env });
  return engineConnection({ url: config.ELASTICSEARCH_URL, apiKey: config.ELASTICSEARCH_API_KEY });
};
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** what the official client itself made of its options: its connections' ids, URLs and headers */
function officialConnections(client: SearchClient): { id: string; url: URL; headers: Record<string, string> }[] {
  return (client.connectionPool as unknown as { connections: { id: string; url: URL; headers: Record<string, string> }[] }).connections;
}

describe('engine connection settings', () => {
  it('a plain http URL: one node, its origin, no credentials, the short connect timeout on both paths', () => {
    const connection = fromEnv({ ELASTICSEARCH_URL: 'http://127.0.0.1:9200' });
    expect(connection).to.deep.include({ nodes: [{ origin: 'http://127.0.0.1:9200', basePath: '', id: 'http://127.0.0.1:9200' }], auth: undefined, authorization: undefined, maxRetries: 1 });
    expect(directPoolOptions(connection)).to.deep.include({ headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS, connect: { timeout: CONNECT_TIMEOUT_MS } });
    const official = officialClientOptions(connection);
    expect(official).to.deep.include({ requestTimeout: REQUEST_TIMEOUT_MS, maxRetries: 1, agent: { connect: { timeout: CONNECT_TIMEOUT_MS } }, ConnectionPool: ClusterConnectionPool });
    expect(official.nodes).to.deep.equal([{ url: new URL('http://127.0.0.1:9200'), id: 'http://127.0.0.1:9200' }]);
    expect(CONNECT_TIMEOUT_MS).to.be.below(1000);
  });

  it('several URLs separated by commas: one node each, in order, and a retry per node', () => {
    const connection = fromEnv({ ELASTICSEARCH_URL: 'http://127.0.0.1:9250, http://127.0.0.1:9251/,http://127.0.0.1:9252' });
    expect(connection.nodes.map((n) => n.id)).to.deep.equal(['http://127.0.0.1:9250', 'http://127.0.0.1:9251', 'http://127.0.0.1:9252']);
    expect(connection.maxRetries).to.equal(3);
    expect(officialClientOptions(connection).maxRetries).to.equal(3);
  });

  it('refuses a list with a part that is not an http(s) URL, and nodes with different credentials', () => {
    expect(() => loadConfig({ ...base, ELASTICSEARCH_URL: 'http://127.0.0.1:9250,127.0.0.1:9251' })).to.throw(ConfigError, /ELASTICSEARCH_URL/);
    expect(() => loadConfig({ ...base, ELASTICSEARCH_URL: ' , ' })).to.throw(ConfigError, /ELASTICSEARCH_URL/);
    expect(() => fromEnv({ ELASTICSEARCH_URL: 'https://a:1@one.example.org,https://b:2@two.example.org' })).to.throw(/different credentials/);
  });

  it('user:password in the URL: decoded, sent as Basic, and kept out of the node URL; it counts for every node', () => {
    const connection = fromEnv({ ELASTICSEARCH_URL: 'https://portal:p%40ss%3Aword@search.example.org:9243/,https://search-2.example.org:9243' });
    expect(connection.nodes.map((n) => n.origin)).to.deep.equal(['https://search.example.org:9243', 'https://search-2.example.org:9243']);
    expect(connection.auth).to.deep.equal({ username: 'portal', password: 'p@ss:word' });
    expect(connection.authorization).to.equal(basic('portal', 'p@ss:word'));
    expect(officialClientOptions(connection).nodes).to.deep.equal(connection.nodes.map((n) => ({ url: new URL(n.id), id: n.id })));
  });

  it('ELASTICSEARCH_API_KEY: sent as ApiKey, and it wins over credentials in the URL', () => {
    const connection = fromEnv({ ELASTICSEARCH_URL: 'https://portal:secret@search.example.org', ELASTICSEARCH_API_KEY: 'aWQ6a2V5' });
    expect(connection.auth).to.deep.equal({ apiKey: 'aWQ6a2V5' });
    expect(connection.authorization).to.equal('ApiKey aWQ6a2V5');
  });

  it('a user without a password is no credential (as the official client has it); an empty API key is none', () => {
    expect(fromEnv({ ELASTICSEARCH_URL: 'http://portal@127.0.0.1:9200' }).authorization).to.equal(undefined);
    expect(fromEnv({ ELASTICSEARCH_URL: 'http://127.0.0.1:9200', ELASTICSEARCH_API_KEY: '' }).authorization).to.equal(undefined);
  });

  it('a node behind a proxy path: the prefix for the own pool, kept in the official node URL', () => {
    const connection = fromEnv({ ELASTICSEARCH_URL: 'https://proxy.example.org/engine/' });
    expect(connection.nodes[0]).to.deep.equal({ origin: 'https://proxy.example.org', basePath: '/engine', id: 'https://proxy.example.org/engine' });
  });

  for (const [name, settings] of [
    ['credentials in the URL', { url: 'https://portal:p%40ss@search.example.org:9243/engine' }],
    ['an API key', { url: 'https://portal:p%40ss@search.example.org:9243', apiKey: 'aWQ6a2V5' }],
    ['neither', { url: 'http://127.0.0.1:9200' }],
    ['several nodes', { url: 'http://portal:p%40ss@127.0.0.1:9250,http://127.0.0.1:9251/engine' }],
  ] as const) {
    it(`the official client connects as the derived settings say (${name})`, async () => {
      const client = new SearchClient(settings);
      try {
        const connection = engineConnection(settings);
        const official = officialConnections(client);
        expect(official).to.have.length(connection.nodes.length);
        for (const [i, node] of connection.nodes.entries()) {
          expect(official[i]!.id).to.equal(node.id);
          expect(official[i]!.url.origin).to.equal(node.origin);
          expect(official[i]!.url.pathname.replace(/\/$/, '')).to.equal(node.basePath);
          expect(official[i]!.headers.authorization).to.equal(connection.authorization);
        }
      } finally {
        await client.close();
      }
    });
  }
});
