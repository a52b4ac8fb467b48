import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, withKey, withdrawListingsOf, type TestAccount } from '../support/factories.ts';
import { pushAppListing, type PushedListing } from '../support/applications.ts';
import { uniqueEmail } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import { ABANDONED_AFTER_MS, KEPT_FOR_MS } from '../../src/api-accounts/idempotent-requests.ts';

describe('Idempotency-Key on the synchronisation writes', () => {
  let account: TestAccount;
  let other: TestAccount;
  let listing: PushedListing;
  const keyed = (a: TestAccount, key: string) => ({ ...withKey(a), headers: { 'Idempotency-Key': key } });
  const leadsOf = async (email: string) => testApp().runtime.prisma.application.count({ where: { pushedContact: { path: ['email'], equals: email } } });

  before(async () => {
    account = await createAccount();
    other = await createAccount();
    listing = await pushAppListing(account);
  });
  after(() => withdrawListingsOf(account, other));

  it('a lead push sent again with its key answers the first lead and makes no second one', async () => {
    const key = randomUUID();
    const email = uniqueEmail('idem');
    const lead = { email, firstName: 'Rhea', listing: listing.ref, source: 'Rightmove' };
    const first = await api.post('/api/rest/leads', lead, keyed(account, key));
    expect(first.status, first.text).to.equal(201);
    const again = await api.post('/api/rest/leads', lead, keyed(account, key));
    expect(again.status).to.equal(201);
    expect(again.body).to.deep.equal(first.body);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(await leadsOf(email)).to.equal(1);
    // without a key the same push is a second lead, as before
    expect((await api.post('/api/rest/leads', lead, withKey(account))).status).to.equal(201);
    expect(await leadsOf(email)).to.equal(2);
  });

  it('the same key with another request is 422 naming the header, and writes nothing', async () => {
    const key = randomUUID();
    const email = uniqueEmail('idem');
    expect((await api.post('/api/rest/leads', { email, listing: listing.ref, source: 'Zoopla' }, keyed(account, key))).status).to.equal(201);
    const res = await api.post('/api/rest/leads', { email, listing: listing.ref, source: 'OnTheMarket' }, keyed(account, key));
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.have.property('Idempotency-Key');
    expect(await leadsOf(email)).to.equal(1);
  });

  it("one account's key is not another's: the same key from another account is a request of its own", async () => {
    const key = randomUUID();
    const mine = await api.put(`/api/rest/inventory/developments/dev-${key.slice(0, 8)}`, developmentPayload({ name: 'Mine' }), keyed(account, key));
    expect(mine.status, mine.text).to.equal(201);
    const theirs = await api.put(`/api/rest/inventory/developments/dev-${key.slice(0, 8)}`, developmentPayload({ name: 'Theirs' }), keyed(other, key));
    expect(theirs.status, theirs.text).to.equal(201);
    expect(theirs.body.name).to.equal('Theirs');
    expect(theirs.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('a PUT retried with its key answers the first 201, not a 200 "unchanged"', async () => {
    const key = randomUUID();
    const ref = `dev-${randomUUID().slice(0, 8)}`;
    const first = await api.put(`/api/rest/inventory/developments/${ref}`, developmentPayload({ name: 'Retried' }), keyed(account, key));
    const again = await api.put(`/api/rest/inventory/developments/${ref}`, developmentPayload({ name: 'Retried' }), keyed(account, key));
    expect([first.status, again.status]).to.deep.equal([201, 201]);
    expect(again.body).to.deep.equal(first.body);
  });

  it('a request that failed validation keeps no answer: corrected and sent with the same key, it is written', async () => {
    const key = randomUUID();
    const ref = `dev-${randomUUID().slice(0, 8)}`;
    expect((await api.put(`/api/rest/inventory/developments/${ref}`, developmentPayload({ name: '' }), keyed(account, key))).status).to.equal(422);
    // another body with the same key: the failed request left the key free
    expect((await api.put(`/api/rest/inventory/developments/${ref}`, developmentPayload({ name: 'Fixed' }), keyed(account, key))).status).to.equal(201);
  });

  it('409 while the first request with the key is still being handled; taken over once abandoned; reusable after a day', async () => {
    const { prisma } = testApp().runtime;
    const key = randomUUID();
    const ref = `dev-${randomUUID().slice(0, 8)}`;
    const body = developmentPayload({ name: 'Racing' });
    const ledger = (await import('../../src/api-accounts/idempotent-requests.ts')).IdempotentRequests;
    const { fingerprintOf } = await import('../../src/api-accounts/idempotency-key.ts');
    const fingerprint = fingerprintOf('PUT', `/api/rest/inventory/developments/${ref}`, {}, body);
    // a claim as the first request makes it, still without an answer
    expect((await new ledger(prisma).claim(account.id, key, fingerprint)).kind).to.equal('claimed');
    const busy = await api.put(`/api/rest/inventory/developments/${ref}`, body, keyed(account, key));
    expect(busy.status, busy.text).to.equal(409);
    // an instance that died while handling it: the claim is taken over after a while
    await prisma.idempotentRequest.update({ where: { accountId_key: { accountId: account.id, key } }, data: { createdAt: new Date(Date.now() - ABANDONED_AFTER_MS - 1000) } });
    expect((await api.put(`/api/rest/inventory/developments/${ref}`, body, keyed(account, key))).status).to.equal(201);
    // a day later the key names a new request
    await prisma.idempotentRequest.update({ where: { accountId_key: { accountId: account.id, key } }, data: { createdAt: new Date(Date.now() - KEPT_FOR_MS - 1000) } });
    const later = await api.put(`/api/rest/inventory/developments/${ref}`, developmentPayload({ name: 'Renamed' }), keyed(account, key));
    expect(later.status).to.equal(200);
    expect(later.body.name).to.equal('Renamed');
  });

  it('refuses a key that is not 1 to 255 printable characters (422), and a write without a key is unaffected', async () => {
    const ref = `dev-${randomUUID().slice(0, 8)}`;
    const res = await api.put(`/api/rest/inventory/developments/${ref}`, developmentPayload({ name: 'X' }), keyed(account, 'x'.repeat(256)));
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.have.property('Idempotency-Key');
    expect((await api.put(`/api/rest/inventory/developments/${ref}`, developmentPayload({ name: 'X' }), withKey(account))).status).to.equal(201);
  });

  it("the state job's run removes the answers kept longer than a day, and only those", async () => {
    const { prisma, logger } = testApp().runtime;
    const { StateJob } = await import('../../src/jobs/state-job.ts');
    const [old, recent] = [randomUUID(), randomUUID()];
    await prisma.idempotentRequest.createMany({
      data: [
        { accountId: account.id, key: old, fingerprint: 'f', status: 201, createdAt: new Date(Date.now() - KEPT_FOR_MS - 60_000) },
        { accountId: account.id, key: recent, fingerprint: 'f', status: 201 },
      ],
    });
    await new StateJob(prisma, logger).runOnce();
    const left = (await prisma.idempotentRequest.findMany({ where: { key: { in: [old, recent] } } })).map((r) => r.key);
    expect(left).to.deep.equal([recent]);
  });
});
