import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { createMetrics } from '../../src/metrics/metrics-registry.ts';
import { testApp } from '../support/test-app.ts';

/** An application over the run's stores with some configuration changed and its log lines kept. */
async function appWith(changes: Partial<Config>): Promise<{ base: string; lines: string[]; close(): Promise<void> }> {
  const { runtime } = testApp();
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level: 'info', base: undefined }, sink);
  const { app } = buildApp({ ...runtime, logger, config: { ...runtime.config, ...changes }, metrics: createMetrics() });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lines,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('what operations expose', () => {
  it('access logs hold no token from a URL path, nor any query string', async () => {
    const app = await appWith({});
    const token = randomBytes(32).toString('base64url');
    const jwtLike = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.' + randomBytes(20).toString('base64url');
    try {
      await fetch(`${app.base}/api/rest/portal/auth-token/12/${token}`);
      await fetch(`${app.base}/api/rest/portal/reset-password/12/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"password":"abcdefgh"}' });
      await fetch(`${app.base}/api/rest/portal/passwordless-change-email/12/${token}`, { method: 'PATCH' });
      await fetch(`${app.base}/api/rest/portal/alerts/unsubscribe/${token}`, { method: 'POST' });
      await fetch(`${app.base}/sign-in/link/12/${token}`, { headers: { accept: 'text/html' } });
      await fetch(`${app.base}/alerts/unsubscribe/${token}`, { headers: { accept: 'text/html' } });
      await fetch(`${app.base}/listings/some-listing?preview=${jwtLike}`, { headers: { accept: 'text/html' } });
      await fetch(`${app.base}/api/rest/leads?api_key=hsp_${token}`);
      await new Promise((resolve) => setImmediate(resolve));
      const requests = app.lines.map((l) => JSON.parse(l) as { msg: string; path?: string }).filter((l) => l.msg === 'request');
      expect(requests.length).to.equal(8);
      const all = app.lines.join('\n');
      expect(all).to.not.include(token);
      expect(all).to.not.include(jwtLike);
      expect(requests.filter((r) => r.path!.endsWith('/:redacted')).length).to.equal(6);
      expect(requests.map((r) => r.path)).to.include('/api/rest/portal/auth-token/12/:redacted').and.include('/listings/some-listing');
    } finally {
      await app.close();
    }
  });

  it('/metrics is not public in live: 404 without METRICS_TOKEN, 401 without its bearer token, 200 with it', async () => {
    const bare = await appWith({ APP_ENV: 'live', METRICS_TOKEN: undefined });
    try {
      expect((await fetch(`${bare.base}/metrics`)).status).to.equal(404);
      expect((await fetch(`${bare.base}/health`)).status).to.equal(200);
    } finally {
      await bare.close();
    }
    const secret = randomBytes(24).toString('base64url');
    const guarded = await appWith({ APP_ENV: 'live', METRICS_TOKEN: secret });
    try {
      expect((await fetch(`${guarded.base}/metrics`)).status).to.equal(401);
      expect((await fetch(`${guarded.base}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).to.equal(401);
      const ok = await fetch(`${guarded.base}/metrics`, { headers: { authorization: `Bearer ${secret}` } });
      expect(ok.status).to.equal(200);
      expect(await ok.text()).to.include('http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});
