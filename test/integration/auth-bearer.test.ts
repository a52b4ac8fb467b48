// The bearer middlewares other domains mount (listing reads use optionalCustomer, search
// optionalCustomerAlongside).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { expect } from 'chai';
import Koa from 'koa';
import { errorMiddleware } from '../../src/core/error-middleware.ts';
import { ValidationError } from '../../src/core/errors.ts';
import { optionalCustomer, optionalCustomerAlongside, requireCustomer, type CustomerState } from '../../src/auth/bearer.ts';
import { testApp } from '../support/test-app.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { P, bearer, disableCustomer, passwordCustomer } from '../support/customers.ts';
import { api } from '../support/api.ts';

describe('customer accounts: bearer middlewares', () => {
  let server: Server;
  let base: string;
  let routeRan = 0;

  before(async () => {
    await smtpSink();
    const tokens = testApp().built.customers.accessTokens;
    const app = new Koa<CustomerState>();
    app.use(errorMiddleware() as unknown as Koa.Middleware<CustomerState>);
    const echo: Koa.Middleware<CustomerState> = (ctx) => {
      ctx.body = { customerId: ctx.state.customerId };
    };
    app.use((ctx, next) => (ctx.path === '/optional' ? optionalCustomer(tokens)(ctx, () => echo(ctx, next)) : next()));
    app.use((ctx, next) => (ctx.path === '/required' ? requireCustomer(tokens)(ctx, () => echo(ctx, next)) : next()));
    // the route beside the check: answers (or fails) before the check is done
    const routeAlongside: Koa.Middleware<CustomerState> = async (ctx) => {
      routeRan++;
      if (ctx.query.fail) throw new ValidationError({ q: ['q is wrong'] }, 'q is wrong');
      ctx.body = { customerId: ctx.state.customerId };
    };
    app.use((ctx, next) => (ctx.path === '/alongside' ? optionalCustomerAlongside(tokens)(ctx, () => routeAlongside(ctx, next)) : next()));
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const call = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    return { status: res.status, body: (await res.json()) as { customerId?: number | null; message?: string } };
  };

  it('optionalCustomer: anonymous without a bearer header, the customer with a valid token, 401 with a bad one', async () => {
    const customer = await passwordCustomer();
    expect(await call('/optional')).to.deep.equal({ status: 200, body: { customerId: null } });
    expect(await call('/optional', { Authorization: 'Basic dXNlcjpwYXNz' })).to.deep.equal({ status: 200, body: { customerId: null } });
    expect(await call('/optional', bearer(customer.accessToken).headers as Record<string, string>)).to.deep.equal({
      status: 200,
      body: { customerId: customer.id },
    });
    expect((await call('/optional', { Authorization: 'Bearer not-a-token' })).status).to.equal(401);
    await api.post(`${P}/revoke-token`, undefined, bearer(customer.accessToken));
    expect((await call('/optional', bearer(customer.accessToken).headers as Record<string, string>)).status, 'revoked').to.equal(401);
  });

  it('requireCustomer: 401 without a token or for a disabled customer', async () => {
    const customer = await passwordCustomer();
    expect((await call('/required')).status).to.equal(401);
    expect(await call('/required', bearer(customer.accessToken).headers as Record<string, string>)).to.deep.equal({
      status: 200,
      body: { customerId: customer.id },
    });
    await disableCustomer(customer.id);
    expect((await call('/required', bearer(customer.accessToken).headers as Record<string, string>)).status).to.equal(401);
  });

  it('optionalCustomerAlongside: the same answers, the database check beside the route, and a failed check is 401 whatever the route answered', async () => {
    const customer = await passwordCustomer();
    const headers = bearer(customer.accessToken).headers as Record<string, string>;
    expect(await call('/alongside')).to.deep.equal({ status: 200, body: { customerId: null } });
    expect(await call('/alongside', { Authorization: 'Basic dXNlcjpwYXNz' })).to.deep.equal({ status: 200, body: { customerId: null } });
    expect(await call('/alongside', headers)).to.deep.equal({ status: 200, body: { customerId: customer.id } });
    expect((await call('/alongside?fail=1', headers)).status).to.equal(422);
    // a bad signature or a malformed header is refused before the route runs
    const ran = routeRan;
    expect((await call('/alongside', { Authorization: 'Bearer not-a-token' })).status).to.equal(401);
    expect((await call('/alongside', { Authorization: 'Bearer ' })).status).to.equal(401);
    expect(routeRan).to.equal(ran);
    // a revoked token or a disabled customer: the route runs beside the check, the answer is 401
    await api.post(`${P}/revoke-token`, undefined, bearer(customer.accessToken));
    expect(await call('/alongside', headers)).to.deep.include({ status: 401 });
    expect((await call('/alongside?fail=1', headers)).status).to.equal(401);
    expect(routeRan).to.equal(ran + 2);
    const other = await passwordCustomer();
    await disableCustomer(other.id);
    expect((await call('/alongside', bearer(other.accessToken).headers as Record<string, string>)).status).to.equal(401);
  });
});
