import { expect } from 'chai';
import { api } from '../support/api.ts';
import { P, clientIp, uniqueEmail } from '../support/customers.ts';
import { startVariantApp } from '../support/test-app.ts';

// The e-mail-existence check has a per-IP limit of its own: a forged X-Forwarded-For must not reset it.
const lookup = (baseUrl: string, forwardedFor: string) =>
  api.head(`${P}/customers/email/${encodeURIComponent(uniqueEmail('xff'))}`, { baseUrl, headers: { 'X-Forwarded-For': forwardedFor } });

describe('client addresses: X-Forwarded-For only through the trusted proxies', () => {
  it('with no trusted proxy (the default), a forged X-Forwarded-For does not bypass the per-IP limit', async () => {
    const app = await startVariantApp({ TRUSTED_PROXY_COUNT: undefined, RATE_LIMIT_PER_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await lookup(app.baseUrl, clientIp())).status);
      // every request came from 127.0.0.1, whatever it claimed
      expect(statuses.slice(3)).to.deep.equal([429, 429]);
    } finally {
      await app.close();
    }
  });

  it('with one trusted proxy, only the entry the proxy added counts: entries written by the client before it are ignored', async () => {
    const app = await startVariantApp({ TRUSTED_PROXY_COUNT: '1', RATE_LIMIT_PER_IP: '3' });
    try {
      const client = clientIp();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await lookup(app.baseUrl, `${clientIp()}, ${client}`)).status);
      expect(statuses).to.deep.equal([404, 404, 404, 429, 429]);
      // another client behind the same proxy has its own allowance
      expect((await lookup(app.baseUrl, `${client}, ${clientIp()}`)).status).to.equal(404);
    } finally {
      await app.close();
    }
  });
});
