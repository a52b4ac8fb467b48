import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/core/project-root.ts';
import { api } from '../support/api.ts';
import { createAccount, withKey, type TestAccount } from '../support/factories.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { P, bearer, passwordCustomer, uniqueEmail } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import { applied, daysFromNow, pushAppListing, slotIds, type PushedListing } from '../support/applications.ts';

describe('leads (synchronisation interfaces)', () => {
  let account: TestAccount;
  let other: TestAccount;
  let listing: PushedListing;
  let otherListing: PushedListing;
  let portalLeadId: number;

  before(async () => {
    await smtpSink();
    account = await createAccount();
    other = await createAccount();
    listing = await pushAppListing(account, {
      properties: [{}, {}],
      listing: { openDays: [{ date: daysFromNow(9), time: '10:00', durationMin: 60, capacity: 9 }] },
    });
    otherListing = await pushAppListing(other);
    const customer = await passwordCustomer({ firstName: 'Ada', phone: '07700 900001' });
    const app = await applied(customer, listing.id, { utmSource: 'news' });
    portalLeadId = app.id;
    const [slot] = await slotIds(listing.id);
    expect((await api.post(`${P}/profile/applications/${app.id}/appointments`, { slot }, bearer(customer.accessToken))).status).to.equal(
      201,
    );
    await applied(await passwordCustomer(), otherListing.id);
  });

  it("pulls the account's leads with customer data, decision, source, UTM and appointments (paginated)", async () => {
    const res = await api.get('/api/rest/leads', withKey(account));
    expect(res.status).to.equal(200);
    const lead = res.body.data.find((l: { id: number }) => l.id === portalLeadId);
    expect(lead.listing).to.deep.equal({ id: listing.id, externalRef: listing.ref });
    expect(lead.customer).to.include({ firstName: 'Ada', phone: '07700 900001', annualHouseholdIncome: 40000 });
    expect(lead.eligibilityStatus).to.equal('passed');
    expect(lead.decision.status).to.equal('passed');
    expect(lead.source).to.equal('portal');
    expect(lead.utmSource).to.equal('news');
    expect(lead.appointments).to.have.length(1);
    expect(res.body.pagination.total).to.equal(res.body.data.length);
    expect(res.body.data.every((l: { listing: { id: number } }) => l.listing.id !== otherListing.id)).to.equal(true);
    expect(res.body.links.first).to.not.include('api_key');
  });

  it("gives one lead by id, 404 for another account's lead", async () => {
    expect((await api.get(`/api/rest/leads/${portalLeadId}`, withKey(account))).body.id).to.equal(portalLeadId);
    expect((await api.get(`/api/rest/leads/${portalLeadId}`, withKey(other))).status).to.equal(404);
    expect((await api.get('/api/rest/leads/abc', withKey(account))).status).to.equal(404);
    expect((await api.get('/api/rest/leads')).status).to.equal(401);
  });

  it('answers 404, not a server error, for an id beyond the integer range', async () => {
    expect((await api.get('/api/rest/leads/9999999999', withKey(account))).status).to.equal(404);
  });

  it('takes a pushed lead: an application with its source, status incomplete and no decision', async () => {
    const email = uniqueEmail('lead');
    const res = await api.post(
      '/api/rest/leads',
      {
        email,
        firstName: 'Lin',
        listing: listing.ref,
        property: listing.propertyRefs[1],
        source: 'Rightmove',
        additionalInfo: 'Call after 5',
        enquiryDate: '2026-01-02T10:00:00Z',
      },
      withKey(account),
    );
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({
      source: 'Rightmove',
      eligibilityStatus: 'incomplete',
      decision: null,
      additionalInfo: 'Call after 5',
      enquiryDate: '2026-01-02T10:00:00.000Z',
    });
    expect(res.body.property).to.deep.equal({ id: listing.propertyIds[1], externalRef: listing.propertyRefs[1] });
    expect(res.body.customer).to.include({ id: null, email, firstName: 'Lin', phone: null });
    // a lead of no customer account: no customer was created for the address
    const row = await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.customerId).to.equal(null);
    expect(await testApp().runtime.prisma.customer.count({ where: { email } })).to.equal(0);
    // the account's own listing by id; another provider's listing by id is 404
    expect((await api.post('/api/rest/leads', { email, listing: listing.id, source: 'Partner' }, withKey(account))).status).to.equal(201);
    expect((await api.post('/api/rest/leads', { email, listing: otherListing.id, source: 'Partner' }, withKey(account))).status).to.equal(404);
  });

  it("a stranger's e-mail on another provider's listing is 404; on an own listing the answer and every read hold only what was pushed", async () => {
    const victim = await passwordCustomer({
      firstName: 'Vera',
      phone: '07700 900777',
      dateOfBirth: '1980-04-01',
      homePostcode: 'LS1 1UR',
      hasDisability: true,
    });
    const victimEmail = victim.email;
    const before = await api.get(`${P}/profile/applications`, bearer(victim.accessToken));
    const attacker = await createAccount({ tier: 'basic' });
    const attackerListing = await pushAppListing(attacker);
    for (const target of [otherListing.id, otherListing.ref, listing.id]) {
      const res = await api.post('/api/rest/leads', { email: victimEmail, listing: target, source: 'X' }, withKey(attacker));
      expect(res.status, String(target)).to.equal(404);
    }
    const own = await api.post('/api/rest/leads', { email: victimEmail, listing: attackerListing.ref, source: 'X' }, withKey(attacker));
    expect(own.status, own.text).to.equal(201);
    const stored = ['firstName', 'phone', 'dateOfBirth', 'homePostcode', 'hasDisability', 'annualHouseholdIncome', 'deposit'];
    for (const answer of [own.body, (await api.get(`/api/rest/leads/${own.body.id}`, withKey(attacker))).body]) {
      expect(answer.customer.id).to.equal(null);
      expect(answer.customer.email).to.equal(victimEmail);
      for (const field of stored) expect(answer.customer[field], field).to.equal(null);
    }
    const pulled = (await api.get('/api/rest/leads', withKey(attacker))).body.data.find((l: { id: number }) => l.id === own.body.id);
    for (const field of stored) expect(pulled.customer[field], field).to.equal(null);
    // the customer's account is untouched: same applications, same profile
    const after = await api.get(`${P}/profile/applications`, bearer(victim.accessToken));
    expect(after.body).to.deep.equal(before.body);
    expect((await api.get(`${P}/profile`, bearer(victim.accessToken))).body.firstName).to.equal('Vera');
  });

  it('the data migration detaches leads pushed before, keeping only the address', async () => {
    const victim = await passwordCustomer({ firstName: 'Olga', phone: '07700 900888' });
    const { prisma } = testApp().runtime;
    const legacy = await prisma.application.create({
      data: { customerId: victim.id, listingId: listing.id, eligibilityStatus: 'incomplete', source: 'OldPortal', listingSnapshot: {} },
    });
    const sql = readFileSync(path.join(PROJECT_ROOT, 'prisma/migrations/20261127060000_detach_pushed_leads/migration.sql'), 'utf8');
    await prisma.$executeRawUnsafe(sql);
    const lead = await api.get(`/api/rest/leads/${legacy.id}`, withKey(account));
    expect(lead.body.customer).to.include({ id: null, email: victim.email, firstName: null, phone: null });
    expect((await api.get(`${P}/profile/applications`, bearer(victim.accessToken))).body.data).to.deep.equal([]);
  });

  it('a partner that republishes the marketplace pushes on any live listing (by id) and reads back its lead; a basic partner cannot', async () => {
    const partner = await createAccount({ kind: 'partner', tier: 'premium' });
    const pushed = await api.post('/api/rest/leads', { email: uniqueEmail(), firstName: 'Pat', listing: otherListing.id, source: 'Partner' }, withKey(partner));
    expect(pushed.status, pushed.text).to.equal(201);
    expect((await api.get(`/api/rest/leads/${pushed.body.id}`, withKey(partner))).body.customer.firstName).to.equal('Pat');
    // the listing's owner sees it too, with only what was pushed
    expect((await api.get(`/api/rest/leads/${pushed.body.id}`, withKey(other))).body.customer).to.include({ id: null, firstName: 'Pat' });
    // by ref: a partner holds no listings
    expect((await api.post('/api/rest/leads', { email: uniqueEmail(), listing: otherListing.ref, source: 'P' }, withKey(partner))).status).to.equal(404);
    const basicPartner = await createAccount({ kind: 'partner', tier: 'basic' });
    expect((await api.post('/api/rest/leads', { email: uniqueEmail(), listing: otherListing.id, source: 'P' }, withKey(basicPartner))).status).to.equal(404);
  });

  it("refuses a lead without email, listing or source (422), for another account's ref (404) or an unknown property (422)", async () => {
    const missing = await api.post('/api/rest/leads', {}, withKey(account));
    expect(missing.status).to.equal(422);
    expect(Object.keys(missing.body.errors).sort()).to.deep.equal(['email', 'listing', 'source']);
    expect(
      (await api.post('/api/rest/leads', { email: uniqueEmail(), listing: otherListing.ref, source: 'X' }, withKey(account))).status,
    ).to.equal(404);
    const badProperty = await api.post(
      '/api/rest/leads',
      { email: uniqueEmail(), listing: listing.ref, property: 'nope', source: 'X' },
      withKey(account),
    );
    expect(badProperty.status).to.equal(422);
  });

  it('filters by listing, status and updated_since', async () => {
    const byStatus = await api.get('/api/rest/leads', withKey(account, { status: 'incomplete' }));
    expect(byStatus.body.data.length).to.be.greaterThan(0);
    expect(byStatus.body.data.every((l: { eligibilityStatus: string }) => l.eligibilityStatus === 'incomplete')).to.equal(true);
    const byListing = await api.get('/api/rest/leads', withKey(account, { listing: 'no-such-ref' }));
    expect(byListing.body.data).to.deep.equal([]);
    const future = await api.get('/api/rest/leads', withKey(account, { updated_since: '2999-01-01T00:00:00Z' }));
    expect(future.body.data).to.deep.equal([]);
    expect((await api.get('/api/rest/leads', withKey(account, { status: 'great' }))).status).to.equal(422);
  });

  it('pulls in bulk for premium accounts only', async () => {
    const res = await api.get('/api/bulk/leads', withKey(account));
    expect(res.status).to.equal(200);
    expect(res.body.pagination.perPage).to.equal(1000);
    expect(res.body.data.map((l: { id: number }) => l.id)).to.include(portalLeadId);
    const basic = await createAccount({ tier: 'basic' });
    expect((await api.get('/api/bulk/leads', withKey(basic))).status).to.equal(403);
  });
});
