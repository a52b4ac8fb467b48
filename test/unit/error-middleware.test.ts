import { expect } from 'chai';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { errors } from '@elastic/elasticsearch';
import { errorMiddleware, type ErrorTranslation } from '../../src/core/error-middleware.ts';
import { asDatabaseUnavailable } from '../../src/db/database-unavailable.ts';

describe('error middleware', () => {
  async function answer(err: unknown, translations: ErrorTranslation[] = []): Promise<{ status: number; body: unknown; retryAfter?: string | null }> {
    const app = new Koa();
    app.silent = true;
    app.use(errorMiddleware(translations));
    app.use(() => {
      throw err;
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const retryAfter = res.headers.get('retry-after');
      return { status: res.status, body: await res.json(), ...(retryAfter === null ? {} : { retryAfter }) };
    } finally {
      server.close();
    }
  }

  it('never passes on the message of a library error that carries a client status (the engine refusing a request)', async () => {
    const refused = new errors.ResponseError({ statusCode: 400, body: { error: { type: 'illegal_argument_exception', reason: 'Result window is too large' } }, headers: {}, warnings: null } as never);
    const res = await answer(refused);
    expect(res.status).to.equal(500);
    expect(JSON.stringify(res.body)).to.not.contain('window').and.not.contain('illegal_argument');
  });

  it('passes on the errors meant for the client (http-errors with expose)', async () => {
    const res = await answer(Object.assign(new Error('Method Not Allowed'), { status: 405, expose: true }));
    expect(res).to.deep.equal({ status: 405, body: { message: 'Method Not Allowed' } });
  });

  it("answers a store's error as its translation says: the database out of reach is one 503 with Retry-After, other errors stay 500", async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(await answer(refused, [asDatabaseUnavailable])).to.deep.equal({
      status: 503,
      body: { message: 'The service is temporarily unavailable; please retry shortly' },
      retryAfter: '2',
    });
    expect((await answer(refused)).status).to.equal(500);
    expect((await answer(new Error('duplicate key'), [asDatabaseUnavailable])).status).to.equal(500);
  });
});
