// The development signing key kept in .local/ and the lifetime check of signed tokens.
import { expect } from 'chai';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/core/project-root.ts';
import { loadConfig } from '../../src/config.ts';
import { LOCAL_SECRET_FILE } from '../../src/core/local-secret.ts';
import { lifetimeWithin } from '../../src/core/token-lifetime.ts';

const base = { DATABASE_URL: 'postgresql://u:p@localhost:5432/db', ELASTICSEARCH_URL: 'http://localhost:9200' };

describe('development signing key', () => {
  it('is random, made at the first start in the local folder (owner-only), and kept for the next', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-secret-'));
    const first = loadConfig(base, dir).JWT_SECRET;
    expect(first).to.have.length.of.at.least(32);
    expect(readFileSync(path.join(dir, LOCAL_SECRET_FILE), 'utf8')).to.equal(first);
    expect(statSync(path.join(dir, LOCAL_SECRET_FILE)).mode & 0o777).to.equal(0o600);
    expect(loadConfig(base, dir).JWT_SECRET, 'the next start').to.equal(first);
    expect(loadConfig(base, mkdtempSync(path.join(tmpdir(), 'portal-secret-'))).JWT_SECRET, 'another instance').to.not.equal(first);
  });

  it('is not in the repository: the configuration holds no default key', () => {
    expect(readFileSync(path.join(PROJECT_ROOT, 'src/config.ts'), 'utf8')).to.not.match(/development-only-secret|DEVELOPMENT_JWT_SECRET/);
  });

  it('JWT_SECRET, when set, wins; live requires it', () => {
    expect(loadConfig({ ...base, JWT_SECRET: 't'.repeat(40) }, '/nonexistent-never-made').JWT_SECRET).to.equal('t'.repeat(40));
    expect(() => loadConfig({ ...base, APP_ENV: 'live', PUBLIC_BASE_URL: 'https://a.example', SMTP_HOST: 's.example' })).to.throw(/JWT_SECRET is required/);
  });
});

describe('token lifetime', () => {
  const now = 1_800_000_000;
  const cases: [string, { iat?: unknown; exp?: unknown }, boolean][] = [
    ['15 minutes of 15', { iat: now, exp: now + 900 }, true],
    ['one second over', { iat: now, exp: now + 901 }, false],
    ['ten years', { iat: now, exp: now + 315_360_000 }, false],
    ['no exp', { iat: now }, false],
    ['no iat', { exp: now + 600 }, false],
    ['exp before iat', { iat: now, exp: now - 1 }, false],
    ['iat a minute ahead (clock skew)', { iat: now + 60, exp: now + 960 }, true],
    ['iat ten years ahead', { iat: now + 315_360_000, exp: now + 315_360_600 }, false],
    ['text in place of numbers', { iat: String(now), exp: String(now + 600) }, false],
  ];
  for (const [name, claims, accepted] of cases) {
    it(`${name}: ${accepted ? 'accepted' : 'refused'}`, () => expect(lifetimeWithin(claims, 900, now)).to.equal(accepted));
  }
});
