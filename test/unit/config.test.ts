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

  it('trusts no proxy by default, and takes a metrics token of 16+ characters (empty: none)', () => {
    expect(loadConfig(base).TRUSTED_PROXY_COUNT).to.equal(0);
    expect(loadConfig({ ...base, TRUSTED_PROXY_COUNT: '2' }).TRUSTED_PROXY_COUNT).to.equal(2);
    expect(() => loadConfig({ ...base, TRUSTED_PROXY_COUNT: '-1' })).to.throw(ConfigError, /TRUSTED_PROXY_COUNT/);
    expect(loadConfig({ ...base, METRICS_TOKEN: '' }).METRICS_TOKEN).to.equal(undefined);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).to.throw(ConfigError, /METRICS_TOKEN/);
  });
});
