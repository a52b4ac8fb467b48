import { expect } from 'chai';
import { hashPassword, verifyPassword } from '../../src/auth/passwords.ts';
import { isCommonPassword } from '../../src/auth/common-passwords.ts';
import { bearerTokenOf } from '../../src/auth/bearer.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';

const base = { DATABASE_URL: 'postgresql://u:p@localhost:5432/db', ELASTICSEARCH_URL: 'http://localhost:9200' };

describe('auth primitives', () => {
  it('know the 10,000 most common passwords, whatever their case, and nothing else', () => {
    for (const common of ['123456', 'password', 'PASSWORD', 'qwerty', 'letmein', 'iloveyou', 'Dragon', 'trustno1']) {
      expect(isCommonPassword(common), common).to.equal(true);
    }
    for (const rare of ['brick-lantern-7', 'correct horse', 'tq7-marble', '']) expect(isCommonPassword(rare), rare).to.equal(false);
  });

  it('hash passwords with argon2id and verify them', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).to.match(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).to.equal(true);
    expect(await verifyPassword(hash, 'Correct horse')).to.equal(false);
    expect(await verifyPassword(null, 'correct horse'), 'no hash').to.equal(false);
    expect(await verifyPassword('garbage', 'correct horse')).to.equal(false);
  });

  it('read only Bearer authorization headers', () => {
    expect(bearerTokenOf(undefined)).to.equal(null);
    expect(bearerTokenOf('Basic abc')).to.equal(null);
    expect(bearerTokenOf('Bearer abc.def')).to.equal('abc.def');
    expect(bearerTokenOf('bearer   abc')).to.equal('abc');
    expect(bearerTokenOf('Bearer')).to.equal('');
  });

  it('need a JWT secret, a public address and an SMTP server when live, and default them elsewhere', () => {
    expect(loadConfig(base)).to.include({ PORTAL_ORIGINS: '', ACCESS_TOKEN_TTL_SECONDS: 900 });
    expect(() => loadConfig({ ...base, APP_ENV: 'live' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.matches(/JWT_SECRET is required/)
      .and.matches(/PUBLIC_BASE_URL is required/)
      .and.matches(/SMTP_HOST is required/);
    expect(loadConfig(base).SMTP_HOST, 'no SMTP server outside live: npm start runs a local mailbox').to.equal(undefined);
    expect(() => loadConfig({ ...base, APP_ENV: 'live', JWT_SECRET: 'short', MAGIC_LINK_ORIGINS: 'https://a.example', SMTP_HOST: 'smtp.example.org' })).to.throw(
      ConfigError,
      /at least 32/,
    );
    expect(() => loadConfig({ ...base, MAGIC_LINK_ORIGINS: 'https://a.example/path' })).to.throw(ConfigError, /origins/);
    expect(() => loadConfig({ ...base, PORTAL_ORIGINS: 'https://a.example/path' })).to.throw(ConfigError, /origins/);
    const liveBase = { ...base, APP_ENV: 'live', JWT_SECRET: 'k'.repeat(40), SMTP_HOST: 'smtp.example.org', PUBLIC_BASE_URL: 'https://api.example.org' };
    expect(loadConfig({ ...liveBase, PORTAL_ORIGINS: 'https://www.example.org' }).PORTAL_ORIGINS).to.equal('https://www.example.org');
    expect(loadConfig(liveBase).PORTAL_ORIGINS, 'the own origin only').to.equal('');
    const live = loadConfig({
      ...base,
      APP_ENV: 'live',
      JWT_SECRET: 'k'.repeat(40),
      PUBLIC_BASE_URL: 'https://api.example.org',
      MAGIC_LINK_ORIGINS: 'https://a.example,https://b.example',
      SMTP_HOST: 'smtp.example.org',
    });
    expect(live.JWT_SECRET).to.equal('k'.repeat(40));
  });
});
