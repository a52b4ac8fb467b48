// How both HTTP paths to the engine (the official client and the search's own pool) take their
// connection settings from the configuration.
import { expect } from 'chai';
import { loadConfig } from '../../src/config.ts';
import { CONNECT_TIMEOUT_MS, REQUEST_TIMEOUT_MS, directPoolOptions, engineConnection, officialClientOptions } from '../../src/search/engine-connection.ts';
import { SearchClient } from '../../src/search/client.ts';

const base = { DATABASE_URL: 'postgresql://u:p@localhost:5432/db' };
const fromEnv = (env: Record<string, string>) => {
  const config = loadConfig({ ...base, ...env });
  return engineConnection({ url: config.ELASTICSEARCH_URL, apiKey: config.ELASTICSEARCH_API_KEY });
};
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** what the official client itself made of its options: its one connection's URL and headers */
function officialConnection(client: SearchClient): { url: URL; headers: Record<string, string> } {
  return (client.connectionPool as unknown as { connections: { url: URL; headers: Record<string, string> }[] }).connections[0]!;
}

describe('engine connection settings', () => {
  it('a plain http URL: its origin, no credentials, the short connect timeout on both pools', () => {
    const connection = fromEnv({ ELASTICSEARCH_URL: 'http://127.0.0.1:9200' });
    expect(connection).to.deep.include({ origin: 'http://127.0.0.1:9200', basePath: '', auth: undefined, authorization: undefined });
    expect(directPoolOptions(connection)).to.deep.include({ headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS, connect: { timeout: CONNECT_TIMEOUT_MS } });
    expect(officialClientOptions(connection)).to.deep.include({ node: 'http://127.0.0.1:9200', requestTimeout: REQUEST_TIMEOUT_MS, agent: { connect: { timeout: CONNECT_TIMEOUT_MS } } });
    expect(CONNECT_TIMEOUT_MS).to.be.below(1000);
  });

  it('user:password in the URL: decoded, sent as Basic, and kept out of the node URL', () => {
    const connection = fromEnv({ ELASTICSEARCH_URL: 'https://portal:p%40ss%3Aword@search.example.org:9243/' });
    expect(connection.origin).to.equal('https://search.example.org:9243');
    expect(connection.auth).to.deep.equal({ username: 'portal', password: 'p@ss:word' });
    expect(connection.authorization).to.equal(basic('portal', 'p@ss:word'));
    expect(officialClientOptions(connection).node).to.equal('https://search.example.org:9243');
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
    expect(connection.basePath).to.equal('/engine');
    expect(officialClientOptions(connection).node).to.equal('https://proxy.example.org/engine');
  });

  for (const [name, settings] of [
    ['credentials in the URL', { url: 'https://portal:p%40ss@search.example.org:9243/engine' }],
    ['an API key', { url: 'https://portal:p%40ss@search.example.org:9243', apiKey: 'aWQ6a2V5' }],
    ['neither', { url: 'http://127.0.0.1:9200' }],
  ] as const) {
    it(`the official client connects as the derived settings say (${name})`, async () => {
      const client = new SearchClient(settings);
      try {
        const connection = engineConnection(settings);
        const official = officialConnection(client);
        expect(official.url.origin).to.equal(connection.origin);
        expect(official.url.pathname.replace(/\/$/, '')).to.equal(connection.basePath);
        expect(official.headers.authorization).to.equal(connection.authorization);
      } finally {
        await client.close();
      }
    });
  }
});
