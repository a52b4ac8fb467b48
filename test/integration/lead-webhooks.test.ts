// Lead webhooks against a real receiver: a local HTTP server of the test's own, which records every
// request with its raw body and answers as each test tells it. The run's application posts to it over
// real HTTP (the test environment allows http to 127.0.0.1), with retries 1 s apart at first (the job
// queue's least; then about doubling).
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, eventually, withKey, type TestAccount } from '../support/factories.ts';
import { bearer, LINK_BASE, passwordCustomer, P } from '../support/customers.ts';
import { applied, daysFromNow, pushAppListing, slotIds, type PushedListing } from '../support/applications.ts';
import { startVariantApp, testApp, type VariantApp } from '../support/test-app.ts';
import { verifySignature } from '../../src/webhooks/webhook-signature.ts';
import { WEBHOOK_KIND } from '../../src/webhooks/webhook-job.ts';
import { deadLetterOf, JOB_SCHEMA } from '../../src/db/job-queue.ts';

const HOOK = '/api/rest/account/webhook';

interface Received {
  at: number;
  signature: string | undefined;
  raw: string;
  event: { id: string; type: string; createdAt: string; data: { id: number; additionalInfo: string | null; appointments: unknown[] } };
  answered: number;
}

/** A receiver on 127.0.0.1 that records what it gets; `answer` picks each response's status. */
class Receiver {
  readonly received: Received[] = [];
  answer: (event: Received['event'], n: number) => number = () => 200;
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const event = JSON.parse(raw) as Received['event'];
        const status = this.answer(event, this.received.length);
        this.received.push({ at: Date.now(), signature: req.headers['portal-signature'] as string | undefined, raw, event, answered: status });
        res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/leads`;
    return this;
  }

  of(leadId: number): Received[] {
    return this.received.filter((r) => r.event.data.id === leadId);
  }

  stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    return closed;
  }
}

interface Delivery {
  id: number;
  eventId: string;
  type: string;
  leadId: number;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
}

async function deliveriesOf(account: TestAccount, leadId: number, extra: Record<string, string> = {}): Promise<Delivery[]> {
  const res = await api.get(`${HOOK}/deliveries`, withKey(account, { size: '100', ...extra }));
  expect(res.status, res.text).to.equal(200);
  return (res.body.data as Delivery[]).filter((d) => d.leadId === leadId);
}

/** An account with a listing (with open days) and an endpoint at the receiver; returns its secret. */
async function providerWithHook(receiver: Receiver): Promise<{ account: TestAccount; listing: PushedListing; secret: string }> {
  const account = await createAccount();
  const listing = await pushAppListing(account, { listing: { openDays: [{ date: daysFromNow(9), time: '10:00', durationMin: 60, capacity: 9 }] } });
  const res = await api.put(HOOK, { url: receiver.url, events: ['lead.created', 'lead.updated'] }, withKey(account));
  expect(res.status, res.text).to.equal(200);
  return { account, listing, secret: res.body.secret as string };
}

/**
 * A lead whose `lead.created` the receiver refuses (every time) and whose update follows it: once the
 * first event has failed once and waits for its retry, with the lead's next one waiting behind it.
 */
async function createdFailingOnce(r: Receiver, account: TestAccount, listingId: number): Promise<{ app: { id: number }; created: Delivery }> {
  const customer = await passwordCustomer();
  r.answer = (event) => (event.type === 'lead.created' ? 500 : 200);
  const app = await applied(customer, listingId, { additionalInfo: 'zero' });
  const update = await api.put(`${P}/profile/applications/${app.id}`, { additionalInfo: 'one' }, bearer(customer.accessToken));
  expect(update.status).to.equal(200);
  const created = await eventually(async () => {
    const d = (await deliveriesOf(account, app.id)).find((x) => x.type === 'lead.created');
    expect(d).to.deep.include({ status: 'pending', attempts: 1 });
    return d!;
  });
  return { app, created };
}

describe('lead webhooks', function () {
  this.timeout(60_000);
  const receivers: Receiver[] = [];
  const receiver = async () => {
    const r = await new Receiver().start();
    receivers.push(r);
    return r;
  };
  after(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
  });

  it('sets the endpoint with its secret shown once, shows it without, rotates the secret and removes it', async () => {
    const account = await createAccount();
    const other = await createAccount();
    expect((await api.get(HOOK, withKey(account))).status).to.equal(404);
    const first = await api.put(HOOK, { url: 'http://127.0.0.1:9/a', events: ['lead.created'] }, withKey(account));
    expect(first.status, first.text).to.equal(200);
    expect(first.body).to.include({ url: 'http://127.0.0.1:9/a' });
    expect(first.body.events).to.deep.equal(['lead.created']);
    expect(first.body.secret).to.match(/^whsec_[A-Za-z0-9_-]{43}$/);

    const shown = await api.get(HOOK, withKey(account));
    expect(shown.status).to.equal(200);
    expect(shown.body).to.not.have.property('secret');
    expect(shown.body.url).to.equal('http://127.0.0.1:9/a');

    const changed = await api.put(HOOK, { url: 'http://127.0.0.1:9/b', events: ['lead.created', 'lead.updated'] }, withKey(account));
    expect(changed.status).to.equal(200);
    expect(changed.body).to.not.have.property('secret');
    expect(changed.body.events).to.deep.equal(['lead.created', 'lead.updated']);

    const rotated = await api.put(HOOK, { url: 'http://127.0.0.1:9/b', events: ['lead.updated'], rotateSecret: true }, withKey(account));
    expect(rotated.body.secret).to.match(/^whsec_/).and.not.equal(first.body.secret);
    const stored = await testApp().runtime.prisma.webhookEndpoint.findUniqueOrThrow({ where: { accountId: account.id } });
    expect(stored.secret).to.equal(rotated.body.secret);

    // private, link-local (cloud metadata) and unique-local addresses are refused in every environment
    for (const url of ['http://10.0.0.5/hook', 'http://192.168.1.20/hook', 'http://169.254.169.254/latest/meta-data/', 'http://[fd00::5]/hook', 'http://[fe80::1]/hook']) {
      const refused = await api.put(HOOK, { url, events: ['lead.created'] }, withKey(account));
      expect(refused.status, url).to.equal(422);
      // (the schema takes no IPv6 literal at all)
      if (!url.includes('[')) expect(refused.body.errors.url[0], url).to.match(/private, link-local or unique-local/);
    }
    expect((await api.get(HOOK, withKey(account))).body.url).to.equal('http://127.0.0.1:9/b');

    // nothing of it is another account's
    expect((await api.get(HOOK, withKey(other))).status).to.equal(404);
    expect((await api.get(HOOK)).status).to.equal(401);

    expect((await api.delete(HOOK, withKey(account))).status).to.equal(204);
    expect((await api.get(HOOK, withKey(account))).status).to.equal(404);
    expect((await api.delete(HOOK, withKey(account))).status).to.equal(404);
  });

  it('refuses a bad endpoint with 422 and errors per field', async () => {
    const account = await createAccount();
    const bad = async (body: unknown) => {
      const res = await api.put(HOOK, body, withKey(account));
      expect(res.status, res.text).to.equal(422);
      return res.body.errors as Record<string, string[]>;
    };
    expect(await bad({ url: 'ftp://example.org/x', events: ['lead.created'] })).to.have.property('url');
    expect(await bad({ url: 'not a url', events: ['lead.created'] })).to.have.property('url');
    expect(await bad({ url: 'https://example.org/x', events: ['lead.deleted'] })).to.have.property('events[0]');
    expect(await bad({ url: 'https://example.org/x', events: [] })).to.have.property('events');
    expect(await bad({ url: 'https://example.org/x' })).to.have.property('events');
    expect(await bad({ events: ['lead.created'] })).to.have.property('url');
    expect(await bad({ url: 'https://example.org/x', events: ['lead.created'], rotateSecret: 'yes' })).to.have.property('rotateSecret');
    expect((await api.put(HOOK, [1], withKey(account))).status).to.equal(422);
    expect((await api.get(HOOK, withKey(account))).status).to.equal(404);
  });

  it('posts a registration and a lead update once each, signed with the secret, with the lead as GET leads/{id} shows it', async () => {
    const r = await receiver();
    const { account, listing, secret } = await providerWithHook(r);
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id, { additionalInfo: 'first' });

    await eventually(async () => expect(r.of(app.id)).to.have.length(1));
    const created = r.of(app.id)[0]!;
    expect(created.event.type).to.equal('lead.created');
    expect(created.event.id).to.match(/^[0-9a-f-]{36}$/);
    expect(Date.parse(created.event.createdAt)).to.be.closeTo(Date.now(), 60_000);
    const check = verifySignature(created.signature, created.raw, secret);
    expect(check, JSON.stringify(check)).to.deep.include({ ok: true });
    expect(created.signature).to.match(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(created.signature, created.raw.replace('first', 'other'), secret).ok).to.equal(false);
    expect(verifySignature(created.signature, created.raw, 'whsec_wrong').ok).to.equal(false);
    const lead = await api.get(`/api/rest/leads/${app.id}`, withKey(account));
    expect(created.event.data).to.deep.equal(lead.body);

    const update = await api.put(`${P}/profile/applications/${app.id}`, { additionalInfo: 'second' }, bearer(customer.accessToken));
    expect(update.status, update.text).to.equal(200);
    await eventually(async () => expect(r.of(app.id)).to.have.length(2));
    const updated = r.of(app.id)[1]!;
    expect(updated.event.type).to.equal('lead.updated');
    expect(updated.event.data.additionalInfo).to.equal('second');
    expect(verifySignature(updated.signature, updated.raw, secret).ok).to.equal(true);

    // once each: nothing more arrives, and the log shows both delivered at the first attempt
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(r.of(app.id).map((x) => x.event.type)).to.deep.equal(['lead.created', 'lead.updated']);
    const log = await deliveriesOf(account, app.id);
    expect(log.map((d) => [d.type, d.status, d.attempts, d.lastStatusCode, d.nextAttemptAt])).to.deep.equal([
      ['lead.updated', 'delivered', 1, 200, null],
      ['lead.created', 'delivered', 1, 200, null],
    ]);
    expect(log.map((d) => d.eventId)).to.deep.equal([updated.event.id, created.event.id]);
  });

  it('sends only the events the endpoint names, and a pushed lead and a booking too', async () => {
    const r = await receiver();
    const { account, listing } = await providerWithHook(r);
    expect((await api.put(HOOK, { url: r.url, events: ['lead.updated'] }, withKey(account))).status).to.equal(200);
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const [slot] = await slotIds(listing.id);
    expect((await api.post(`${P}/profile/applications/${app.id}/appointments`, { slot }, bearer(customer.accessToken))).status).to.equal(201);
    await eventually(async () => expect(r.of(app.id)).to.have.length(1));
    expect(r.of(app.id)[0]!.event.type).to.equal('lead.updated');
    expect(r.of(app.id)[0]!.event.data.appointments).to.have.length(1);

    expect((await api.put(HOOK, { url: r.url, events: ['lead.created'] }, withKey(account))).status).to.equal(200);
    const pushed = await api.post('/api/rest/leads', { email: `pushed-${Date.now()}@example.org`, listing: listing.ref, source: 'Zoopla' }, withKey(account));
    expect(pushed.status, pushed.text).to.equal(201);
    await eventually(async () => expect(r.of(pushed.body.id as number)).to.have.length(1));
    expect(r.of(pushed.body.id as number)[0]!.event).to.deep.include({ type: 'lead.created' });
    expect(r.of(pushed.body.id as number)[0]!.event.data).to.deep.equal(pushed.body);
    expect(r.of(app.id)).to.have.length(1);
  });

  it('retries a failing receiver with backoff: three failures, then the event arrives at the fourth attempt', async () => {
    const r = await receiver();
    const { account, listing, secret } = await providerWithHook(r);
    let failures = 0;
    r.answer = () => (failures++ < 3 ? 503 : 204);
    const app = await applied(await passwordCustomer(), listing.id);

    // while failing, the log shows the attempts so far, the last status and the next attempt
    await eventually(async () => {
      const [d] = await deliveriesOf(account, app.id);
      expect(d).to.deep.include({ status: 'pending', lastStatusCode: 503, lastError: 'the endpoint answered 503' });
      expect(d!.attempts).to.be.within(1, 3);
      expect(d!.nextAttemptAt).to.be.a('string');
    });
    // (the three waits: 1–2 s, 2–4 s, 4–8 s)
    await eventually(async () => expect((await deliveriesOf(account, app.id))[0]).to.deep.include({ status: 'delivered' }), 30_000);
    const [d] = await deliveriesOf(account, app.id);
    expect(d).to.deep.include({ status: 'delivered', attempts: 4, lastStatusCode: 204, lastError: null, nextAttemptAt: null });
    const got = r.of(app.id);
    expect(got.map((x) => x.answered)).to.deep.equal([503, 503, 503, 204]);
    // the same event each time, signed anew
    expect(new Set(got.map((x) => x.event.id)).size).to.equal(1);
    expect(new Set(got.map((x) => x.raw)).size).to.equal(1);
    for (const x of got) expect(verifySignature(x.signature, x.raw, secret).ok).to.equal(true);
    // exponential: 1, 2 and 4 s at least
    const gaps = got.slice(1).map((x, i) => x.at - got[i]!.at);
    expect(gaps[0]).to.be.at.least(990);
    expect(gaps[1]).to.be.at.least(1990);
    expect(gaps[2]).to.be.at.least(3990);
  });

  it("keeps each lead's events in order: a later event waits while an earlier one is being retried", async () => {
    const r = await receiver();
    const { listing } = await providerWithHook(r);
    const customer = await passwordCustomer();
    let createdFailures = 0;
    r.answer = (event) => (event.type === 'lead.created' && createdFailures++ < 2 ? 500 : 200);
    const app = await applied(customer, listing.id, { additionalInfo: 'zero' });
    for (const info of ['one', 'two']) {
      const res = await api.put(`${P}/profile/applications/${app.id}`, { additionalInfo: info }, bearer(customer.accessToken));
      expect(res.status).to.equal(200);
    }
    await eventually(async () => expect(r.of(app.id).filter((x) => x.answered === 200)).to.have.length(3), 20_000);
    const got = r.of(app.id);
    expect(got.map((x) => `${x.event.type}:${x.event.data.additionalInfo}:${x.answered}`)).to.deep.equal([
      'lead.created:zero:500',
      'lead.created:zero:500',
      'lead.created:zero:200',
      'lead.updated:one:200',
      'lead.updated:two:200',
    ]);
  });

  it("gives a delivery up after its last retry: shown failed, kept as a dead letter, and its lead's later events go on", async () => {
    const r = await receiver();
    const { account, listing } = await providerWithHook(r);
    const { jobs, prisma } = testApp().runtime;
    const deadBefore = (await jobs.counts()).find((c) => c.kind === WEBHOOK_KIND)!.dead;
    const { app, created } = await createdFailingOnce(r, account, listing.id);
    expect(r.of(app.id).map((x) => x.event.type)).to.deep.equal(['lead.created']);
    // its 24 hours of retries made to end at the next attempt: that attempt is its last
    const limited = await prisma.$executeRawUnsafe(
      `UPDATE ${JOB_SCHEMA}.job SET retry_limit = retry_count + 1 WHERE name = $1 AND data->>'delivery' = $2 AND state = 'retry'`,
      WEBHOOK_KIND,
      String(created.id),
    );
    expect(limited).to.equal(1);
    await eventually(async () => expect(r.of(app.id).filter((x) => x.answered === 200)).to.have.length(1), 20_000);
    expect(r.of(app.id).map((x) => `${x.event.type}:${x.event.data.additionalInfo}:${x.answered}`)).to.deep.equal([
      'lead.created:zero:500',
      'lead.created:zero:500',
      'lead.updated:one:200',
    ]);
    const log = await deliveriesOf(account, app.id);
    expect(log.map((d) => [d.type, d.status, d.attempts, d.nextAttemptAt])).to.deep.equal([
      ['lead.updated', 'delivered', 1, null],
      ['lead.created', 'failed', 2, null],
    ]);
    expect((await jobs.counts()).find((c) => c.kind === WEBHOOK_KIND)!.dead).to.equal(deadBefore + 1);
    const [dead] = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'delivery' = $2`,
      deadLetterOf(WEBHOOK_KIND),
      String(created.id),
    );
    expect(dead!.n, 'its dead letter').to.equal(1);
  });

  it("ends with the dead letter a delivery whose instance died during its last attempt: shown failed, and its lead's later events go on", async () => {
    const r = await receiver();
    const { account, listing } = await providerWithHook(r);
    const { prisma } = testApp().runtime;
    const { webhooks } = testApp().built;
    const { app, created } = await createdFailingOnce(r, account, listing.id);
    // the job as the queue's supervisor leaves it when the instance running its last attempt is killed:
    // failed for good, no handler to take it out (nor, here, a dead letter), the row still pending
    await webhooks.stop();
    try {
      const failed = await prisma.$executeRawUnsafe(
        `UPDATE ${JOB_SCHEMA}.job SET state = 'failed', completed_on = now(), retry_limit = retry_count WHERE name = $1 AND data->>'delivery' = $2 AND state = 'retry'`,
        WEBHOOK_KIND,
        String(created.id),
      );
      expect(failed).to.equal(1);
    } finally {
      // an instance starting (as the killed one does) sweeps such jobs, as every instance does each minute
      webhooks.start();
    }
    await eventually(async () => expect(r.of(app.id).filter((x) => x.answered === 200)).to.have.length(1), 20_000);
    expect(r.of(app.id).map((x) => `${x.event.type}:${x.event.data.additionalInfo}:${x.answered}`)).to.deep.equal(['lead.created:zero:500', 'lead.updated:one:200']);
    const log = await deliveriesOf(account, app.id);
    expect(log.map((d) => [d.type, d.status])).to.deep.equal([
      ['lead.updated', 'delivered'],
      ['lead.created', 'failed'],
    ]);
    const [jobs] = await prisma.$queryRawUnsafe<{ dead: number; left: number }[]>(
      `SELECT count(*) FILTER (WHERE name = $2)::int AS dead, count(*) FILTER (WHERE name = $1)::int AS left FROM ${JOB_SCHEMA}.job WHERE name IN ($1, $2) AND data->>'delivery' = $3`,
      WEBHOOK_KIND,
      deadLetterOf(WEBHOOK_KIND),
      String(created.id),
    );
    expect(jobs, 'kept as one dead letter, out of the queue').to.deep.equal({ dead: 1, left: 0 });
  });

  it('gives a job at start-up to a pending delivery that has none (one recorded before the job queue carried them), and no second one to a queued delivery', async () => {
    const r = await receiver();
    const { account, listing } = await providerWithHook(r);
    const { prisma } = testApp().runtime;
    const app = await applied(await passwordCustomer(), listing.id);
    await eventually(async () => expect(r.of(app.id)).to.have.length(1));
    const [sent] = r.of(app.id);
    // a row as one written before the queue: pending, three minutes old, with no job
    const stray = await prisma.webhookDelivery.create({
      data: { accountId: account.id, eventId: randomUUID(), type: 'lead.updated', leadId: app.id, body: sent!.raw.replace(sent!.event.id, 'stray-event'), createdAt: new Date(Date.now() - 180_000) },
    });
    const enqueued = await testApp().built.webhooks.enqueueStrays();
    expect(enqueued).to.be.at.least(1);
    await eventually(async () => expect(r.of(app.id)).to.have.length(2));
    expect(r.of(app.id)[1]!.event.id).to.equal('stray-event');
    expect((await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: stray.id } })).status).to.equal('delivered');
    // delivered (or queued) rows get none
    const [jobs] = await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'delivery' = $2`, WEBHOOK_KIND, String(stray.id));
    await testApp().built.webhooks.enqueueStrays();
    const [again] = await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'delivery' = $2`, WEBHOOK_KIND, String(stray.id));
    expect(again!.n).to.equal(jobs!.n).and.equal(1);
  });

  it('queues a delivery again on redelivery (202), for the account that owns it only', async () => {
    const r = await receiver();
    const { account, listing, secret } = await providerWithHook(r);
    const other = await createAccount();
    const app = await applied(await passwordCustomer(), listing.id);
    await eventually(async () => expect((await deliveriesOf(account, app.id))[0]).to.deep.include({ status: 'delivered' }));
    const [d] = await deliveriesOf(account, app.id);

    expect((await api.post(`${HOOK}/deliveries/${d!.id}/redeliver`, undefined, withKey(other))).status).to.equal(404);
    expect((await api.post(`${HOOK}/deliveries/999999999/redeliver`, undefined, withKey(account))).status).to.equal(404);
    expect((await api.post(`${HOOK}/deliveries/abc/redeliver`, undefined, withKey(account))).status).to.equal(404);
    const res = await api.post(`${HOOK}/deliveries/${d!.id}/redeliver`, undefined, withKey(account));
    expect(res.status, res.text).to.equal(202);
    expect(res.body).to.deep.include({ id: d!.id, status: 'pending' });

    await eventually(async () => expect(r.of(app.id)).to.have.length(2));
    const [first, again] = r.of(app.id);
    expect(again!.event.id).to.equal(first!.event.id);
    expect(again!.raw).to.equal(first!.raw);
    expect(verifySignature(again!.signature, again!.raw, secret).ok).to.equal(true);
    await eventually(async () => expect((await deliveriesOf(account, app.id))[0]).to.deep.include({ status: 'delivered', attempts: 2 }));

    // without an endpoint there is nowhere to send it
    expect((await api.delete(HOOK, withKey(account))).status).to.equal(204);
    expect((await api.post(`${HOOK}/deliveries/${d!.id}/redeliver`, undefined, withKey(account))).status).to.equal(409);
  });

  it('lists deliveries paginated, filtered by status, and refuses an unknown status with 422', async () => {
    const r = await receiver();
    const { account, listing } = await providerWithHook(r);
    r.answer = () => 410;
    await applied(await passwordCustomer(), listing.id);
    r.answer = () => 200;
    await eventually(async () => expect((await api.get(`${HOOK}/deliveries`, withKey(account, { status: 'delivered' }))).body.data).to.have.length(1));
    const page = await api.get(`${HOOK}/deliveries`, withKey(account, { size: '1' }));
    expect(page.body.pagination).to.include({ total: 1, perPage: 1 });
    expect(page.body.links.first).to.not.include('api_key');
    expect((await api.get(`${HOOK}/deliveries`, withKey(account, { status: 'failed' }))).body.data).to.deep.equal([]);
    const bad = await api.get(`${HOOK}/deliveries`, withKey(account, { status: 'lost' }));
    expect(bad.status).to.equal(422);
    expect(bad.body.errors).to.have.property('status');
    // another account sees none of them
    expect((await api.get(`${HOOK}/deliveries`, withKey(await createAccount()))).body.data).to.deep.equal([]);
  });

  it("does not let one account's slow endpoint hold up another account's deliveries", async () => {
    // an endpoint that never answers within the time limit holds its own deliveries only
    const slow = await receiver();
    const stuck: (() => void)[] = [];
    const { account: slowAccount, listing: slowListing } = await providerWithHook(slow);
    const fast = await receiver();
    const { listing: fastListing } = await providerWithHook(fast);
    slow.answer = () => 200;
    // hold the slow receiver's answers: its server accepts and never replies until the test ends
    const slowServer = (slow as unknown as { server: Server }).server;
    slowServer.removeAllListeners('request');
    // a held delivery the sender gave up on (its time limit) closes its connection
    let givenUp = 0;
    slowServer.on('request', (_req, res) => {
      res.on('close', () => givenUp++);
      stuck.push(() => res.destroy());
    });
    for (let i = 0; i < 6; i++) await applied(await passwordCustomer(), slowListing.id);
    await eventually(async () => expect(stuck.length).to.be.at.least(4));
    const app = await applied(await passwordCustomer(), fastListing.id);
    await eventually(async () => expect(fast.of(app.id)).to.have.length(1), 30_000, 20);
    // delivered while every one of the slow account's deliveries was still held, not after they timed out
    expect(givenUp, 'slow deliveries given up before the fast one arrived').to.equal(0);
    // at most four of one account's deliveries are under way at once
    expect(stuck.length).to.be.at.most(4);
    // its deliveries end with its endpoint
    expect((await api.delete(HOOK, withKey(slowAccount))).status).to.equal(204);
    for (const release of stuck) release();
  });

  describe('in the live environment', () => {
    let live: VariantApp;
    before(async () => {
      live = await startVariantApp({
        APP_ENV: 'live',
        JWT_SECRET: 'live-test-secret-'.padEnd(40, 'x'),
        MAGIC_LINK_ORIGINS: new URL(LINK_BASE).origin,
        SMTP_HOST: '127.0.0.1',
      });
    });
    after(() => live.close());

    it('takes only https URLs whose host resolves to public addresses', async () => {
      const account = await createAccount();
      const put = (url: string) => api.put(HOOK, { url, events: ['lead.created'] }, { ...withKey(account), baseUrl: live.baseUrl });
      for (const url of [
        'http://example.org/hooks',
        'https://127.0.0.1/hooks',
        'https://10.1.2.3/hooks',
        'https://192.168.0.10/hooks',
        'https://172.16.5.4/hooks',
        'https://169.254.169.254/latest/meta-data',
        'https://100.64.0.1/hooks',
        'https://0.0.0.0/hooks',
        'https://localhost/hooks',
      ]) {
        const res = await put(url);
        expect(res.status, `${url}: ${res.text}`).to.equal(422);
        expect(res.body.errors, url).to.have.property('url');
      }
      // a public address is taken (nothing is sent until a lead changes)
      const ok = await put('https://93.184.215.14/hooks');
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.body.secret).to.match(/^whsec_/);
    });
  });
});
