import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { daysFromNow, PASSING, pushAppListing, registerInterest } from '../support/applications.ts';
import { P } from '../support/customers.ts';
import { DEPTH_MESSAGE, MAX_JSON_DEPTH } from '../../src/core/json-body.ts';
import { MAX_ITEMS } from '../../src/sync/payload-fields.ts';

/** `{"a":{"a":…}}` with `levels` objects. */
const nested = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);

describe('input limits', () => {
  let account: TestAccount;

  before(async () => {
    account = await createAccount();
    expect((await api.put('/api/rest/inventory/developments/limits-dev', developmentPayload(), withKey(account))).status).to.equal(201);
    expect((await api.put('/api/rest/inventory/properties/limits-prop', propertyPayload('limits-dev'), withKey(account))).status).to.equal(201);
  });

  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is 422, never a server error, on every kind of endpoint`, async () => {
    const headers = { 'content-type': 'application/json' };
    for (const levels of [MAX_JSON_DEPTH + 1, 1000, 100_000]) {
      const body = `{"name":"x","extra":${nested(levels - 1)}}`;
      const sync = await api.put('/api/rest/inventory/developments/limits-deep', undefined, { ...withKey(account), rawBody: body, headers });
      expect(sync.status, `${levels} levels`).to.equal(422);
      expect(sync.body.errors._).to.deep.equal([DEPTH_MESSAGE]);
      const portal = await api.post(`${P}/password-login`, undefined, { rawBody: body, headers });
      expect(portal.status, `${levels} levels`).to.equal(422);
    }
    // at the limit the body is read as usual (the unknown field dropped)
    const atLimit = `{"email":"nobody@example.org","password":"not-this-one","extra":${nested(MAX_JSON_DEPTH - 1)}}`;
    expect((await api.post(`${P}/password-login`, undefined, { rawBody: atLimit, headers })).status).to.not.equal(422);
  });

  it(`a listing PUT with 4,000 open-day slots is 422 (at most ${MAX_ITEMS.openDays}), with the maximum in the document`, async () => {
    const slots = Array.from({ length: 4000 }, (_, i) => ({ date: daysFromNow(1 + Math.floor(i / 20)), time: `${String(8 + Math.floor((i % 20) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`, durationMin: 30, capacity: 5 }));
    const res = await api.put('/api/rest/listings/limits-listing', listingPayload('limits-dev', ['limits-prop'], { openDays: slots }), withKey(account));
    expect(res.status, res.text.slice(0, 300)).to.equal(422);
    expect(res.body.errors.openDays).to.deep.equal([`openDays must hold at most ${MAX_ITEMS.openDays} items`]);
    const within = await api.put('/api/rest/listings/limits-listing', listingPayload('limits-dev', ['limits-prop'], { openDays: slots.slice(0, 3) }), withKey(account));
    expect(within.status, within.text).to.equal(201);
    const doc = (await api.get('/openapi.json', { undocumented: true })).body;
    expect(doc.components.schemas.SyncListingInput.properties.openDays.maxItems).to.equal(MAX_ITEMS.openDays);
    expect(doc.components.schemas.PropertyInput.properties.rooms.maxItems).to.equal(MAX_ITEMS.rooms);
  });

  it('other arrays past their maxima are 422: webhook events, the bedrooms of a registration', async () => {
    const hook = await api.put('/api/rest/account/webhook', { url: 'http://127.0.0.1:9/x', events: Array(1000).fill('lead.created') }, withKey(account));
    expect(hook.status).to.equal(422);
    expect(hook.body.errors.events).to.deep.equal(['events must hold at most 2 items']);
    const listing = await pushAppListing(account);
    const res = await registerInterest(listing.id, { ...PASSING, email: `limits-${Date.now()}@example.org`, bedrooms: Array.from({ length: 21 }, (_, i) => i) });
    expect(res.status, res.text).to.equal(422);
    expect(res.body.errors.bedrooms).to.deep.equal(['bedrooms must hold at most 20 items']);
  });
});
