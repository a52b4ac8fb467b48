import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.ts';

const base = { DATABASE_URL: 'postgresql://u:p@localhost:5432/db', ELASTICSEARCH_URL: 'http://localhost:9200' };

describe('configuration', () => {
  it('applies defaults', () => {
    const config = loadConfig(base);
    expect(config).to.include({ APP_ENV: 'development', PORT: 3000, ES_INDEX_PREFIX: 'portal', ES_REPLICAS: 0, BODY_LIMIT: '1mb' });
  });

  it('names every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', APP_ENV: 'prod' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.matches(/DATABASE_URL/)
      .and.matches(/ELASTICSEARCH_URL/)
      .and.matches(/PORT/)
      .and.matches(/APP_ENV/);
  });

  it('refuses a database URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).to.throw(ConfigError, /postgresql/);
  });
});
