// Saved searches: the resource, its validation (the search's own, under query.), isolation between
// customers, the limit, the matches endpoint and the one-click unsubscribe.
import { expect } from 'chai';
import { api, request } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { P, bearer, passwordCustomer } from '../support/customers.ts';
import { FILTERS_VERSION } from '../../src/saved-searches/saved-search-criteria.ts';

const SAVED = `${P}/profile/saved-searches`;
const leeds = { occupancy_type: 'for-sale', location: 'Leeds', radius: 5, bedrooms: [2, 3], max_full_value: 250000 };

describe('saved searches', function () {
  this.timeout(60_000);

  it('are created with defaults, listed newest first, read, changed and deleted', async () => {
    const { accessToken: token } = await passwordCustomer();
    const created = await api.post(SAVED, { name: 'Leeds flats', query: leeds }, bearer(token));
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ name: 'Leeds flats', newMatches: 0, lastViewedAt: null });
    expect(created.body.query).to.deep.equal(leeds);
    expect(created.body.summary).to.equal('2 to 3 bedroom homes for sale within 5 miles of Leeds, up to £250,000');
    expect(created.body.alerts).to.deep.equal({ frequency: 'daily', newListings: true, priceReductions: true });
    const second = await api.post(SAVED, { name: 'Anywhere to rent', query: { occupancy_type: 'to-rent' }, alerts: { frequency: 'instant', priceReductions: false } }, bearer(token));
    expect(second.body.summary).to.equal('Homes to rent anywhere in the UK');
    expect(second.body.alerts).to.deep.equal({ frequency: 'instant', newListings: true, priceReductions: false });

    const list = await api.get(SAVED, bearer(token));
    expect(list.body.data.map((s: { id: number }) => s.id)).to.deep.equal([second.body.id, created.body.id]);
    expect((await api.get(`${SAVED}/${created.body.id}`, bearer(token))).body.name).to.equal('Leeds flats');

    const changed = await api.put(`${SAVED}/${created.body.id}`, { alerts: { frequency: 'weekly' }, query: { ...leeds, radius: 10, bedrooms: [2] } }, bearer(token));
    expect(changed.status).to.equal(200);
    expect(changed.body.alerts.frequency).to.equal('weekly');
    expect(changed.body.name).to.equal('Leeds flats');
    expect(changed.body.summary).to.equal('2 bedroom homes for sale within 10 miles of Leeds, up to £250,000');

    expect((await api.delete(`${SAVED}/${created.body.id}`, bearer(token))).status).to.equal(200);
    expect((await api.get(`${SAVED}/${created.body.id}`, bearer(token))).status).to.equal(404);
  });

  it('validate the query exactly as the search does, naming parameters under query.', async () => {
    const { accessToken: token } = await passwordCustomer();
    const bad = { radius: '-1', occupancy_type: 'to-buy', bedrooms: ['two'], area: '1,2;3,4' };
    const search = await api.get(`${P}/search`, { query: bad });
    const saved = await api.post(SAVED, { name: 'Bad', query: bad }, bearer(token));
    expect(search.status).to.equal(422);
    expect(saved.status).to.equal(422);
    for (const [param, messages] of Object.entries(search.body.errors as Record<string, string[]>)) expect(saved.body.errors[`query.${param}`], param).to.deep.equal(messages);
    expect(Object.keys(saved.body.errors)).to.have.length(Object.keys(search.body.errors).length);

    const shapes = await api.post(SAVED, { name: '  ', query: [], alerts: { frequency: 'hourly', newListings: 'yes' } }, bearer(token));
    expect(shapes.status).to.equal(422);
    expect(shapes.body.errors).to.have.keys('name', 'query', 'alerts.frequency', 'alerts.newListings');
    const missing = await api.post(SAVED, {}, bearer(token));
    expect(missing.body.errors).to.have.keys('name', 'query');
  });

  it('refuse affordable_only and max_distance_from_work that neither the query nor the profile can answer, as the search does', async () => {
    const { accessToken: noIncome } = await passwordCustomer();
    const affordable = { ...leeds, affordable_only: true };
    const search = await api.get(`${P}/search`, { ...bearer(noIncome), query: { ...leeds, affordable_only: '1' } });
    expect(search.status).to.equal(422);
    const refused = await api.post(SAVED, { name: 'Affordable', query: affordable }, bearer(noIncome));
    expect(refused.status).to.equal(422);
    expect(refused.body.errors).to.deep.equal({ 'query.affordable_only': search.body.errors.affordable_only });
    const nearWork = await api.post(SAVED, { name: 'Near work', query: { ...leeds, max_distance_from_work: 5 } }, bearer(noIncome));
    expect(nearWork.status).to.equal(422);
    expect(nearWork.body.errors).to.have.keys('query.max_distance_from_work');
    const unknownWork = await api.post(SAVED, { name: 'Near work', query: { ...leeds, work_postcode: 'YY1 1AA', max_distance_from_work: 5 } }, bearer(noIncome));
    expect(unknownWork.body.errors).to.have.keys('query.work_postcode');

    // the query's own income, or the profile's, answers it; a later change of query is judged the same way
    const withIncome = await api.post(SAVED, { name: 'Affordable', query: { ...affordable, household_income: 40000 } }, bearer(noIncome));
    expect(withIncome.status).to.equal(201);
    const dropped = await api.put(`${SAVED}/${withIncome.body.id}`, { query: affordable }, bearer(noIncome));
    expect(dropped.status).to.equal(422);
    expect(dropped.body.errors).to.have.keys('query.affordable_only');
    const { accessToken: earner } = await passwordCustomer({ annualHouseholdIncome: 40000, workPostcode: 'LS1 4AP' });
    const saved = await api.post(SAVED, { name: 'Affordable near work', query: { ...affordable, max_distance_from_work: 5 } }, bearer(earner));
    expect(saved.status).to.equal(201);
    expect(saved.body.query).to.deep.equal({ ...affordable, max_distance_from_work: 5 });
  });

  it('keep beside the query the filters alert matching reads: the rectangle searched and the parameters that choose listings', async () => {
    const { accessToken: token } = await passwordCustomer();
    const { prisma } = testApp().runtime;
    const { body } = await api.post(SAVED, { name: 'Leeds flats', query: leeds }, bearer(token));
    const box = async () => (await prisma.$queryRaw<{ area: string }[]>`SELECT area::text AS area FROM "SavedSearch" WHERE id = ${body.id}`)[0]!.area;
    const filters = async () => JSON.parse((await prisma.savedSearch.findUniqueOrThrow({ where: { id: body.id } })).filters!) as { v: number; rect: Record<string, number>; params: object };
    let f = await filters();
    expect(f.v).to.equal(FILTERS_VERSION);
    expect(f.params).to.deep.equal({ bedrooms: [2, 3], max_full_value: 250000 });
    expect(await box()).to.equal(`(${f.rect.east},${f.rect.north}),(${f.rect.west},${f.rect.south})`);
    await api.put(`${SAVED}/${body.id}`, { query: { location: 'Leeds', radius: 10, occupancy_type: 'to-rent', pets_allowed: true } }, bearer(token));
    f = await filters();
    expect(f.params).to.deep.equal({ occupancy_type: 'to-rent', pets_allowed: true });
    expect(await box()).to.equal(`(${f.rect.east},${f.rect.north}),(${f.rect.west},${f.rect.south})`);
  });

  it('take their matches with them when deleted, or when their customer is', async () => {
    const { prisma } = testApp().runtime;
    const owner = await passwordCustomer();
    const ids: number[] = [];
    for (const name of ['One', 'Two']) ids.push((await api.post(SAVED, { name, query: leeds }, bearer(owner.accessToken))).body.id);
    await prisma.alertMatch.createMany({ data: ids.map((savedSearchId) => ({ savedSearchId, customerId: owner.id, listingId: 1, kind: 'new-listing', eventKey: 'gone' })) });
    expect((await api.delete(`${SAVED}/${ids[0]}`, bearer(owner.accessToken))).status).to.equal(200);
    expect(await prisma.alertMatch.count({ where: { savedSearchId: { in: ids } } })).to.equal(1);
    await prisma.customer.delete({ where: { id: owner.id } });
    expect(await prisma.alertMatch.count({ where: { savedSearchId: { in: ids } } })).to.equal(0);
  });

  it('keep page, size and sort_by out of the saved query', async () => {
    const { accessToken: token } = await passwordCustomer();
    const res = await api.post(SAVED, { name: 'Paged', query: { location: 'Leeds', page: 3, size: 50, sort_by: 'newest' } }, bearer(token));
    expect(res.status).to.equal(201);
    expect(res.body.query).to.deep.equal({ location: 'Leeds' });
  });

  it('keep the search parameters only, their text well formed (no unknown key, NUL or lone surrogate reaches the database)', async () => {
    const { accessToken: token } = await passwordCustomer();
    const rawBody = '{"name":"Odd","query":{"location":"Leeds \\ud83d","x\\u0000y":{"\\u0000":"\\udc00"},"":[],"radius":2}}';
    const res = await request('POST', SAVED, { rawBody, headers: { 'content-type': 'application/json', ...bearer(token).headers } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.query).to.deep.equal({ location: 'Leeds \ufffd', radius: 2 });
    const changed = await request('PUT', `${SAVED}/${res.body.id}`, { rawBody: rawBody.replace('"Odd"', '"Odder"'), headers: { 'content-type': 'application/json', ...bearer(token).headers } });
    expect(changed.status).to.equal(200);
    expect(changed.body.query).to.deep.equal({ location: 'Leeds \ufffd', radius: 2 });
  });

  it("are the customer's own: another customer's id is 404 on every verb, and absent from the list", async () => {
    const owner = await passwordCustomer();
    const other = await passwordCustomer();
    const { body } = await api.post(SAVED, { name: 'Mine', query: leeds }, bearer(owner.accessToken));
    for (const res of [
      await api.get(`${SAVED}/${body.id}`, bearer(other.accessToken)),
      await api.put(`${SAVED}/${body.id}`, { name: 'Taken' }, bearer(other.accessToken)),
      await api.delete(`${SAVED}/${body.id}`, bearer(other.accessToken)),
      await api.get(`${SAVED}/${body.id}/matches`, bearer(other.accessToken)),
    ])
      expect(res.status).to.equal(404);
    expect((await api.get(SAVED, bearer(other.accessToken))).body.data).to.deep.equal([]);
    expect((await api.get(SAVED)).status).to.equal(401);
    expect((await api.get(`${SAVED}/${body.id}`, bearer(owner.accessToken))).body.name).to.equal('Mine');
  });

  it('stop at 50 per customer (422)', async () => {
    const { accessToken: token, id: customerId } = await passwordCustomer();
    const { prisma } = testApp().runtime;
    const first = await api.post(SAVED, { name: 'Number 1', query: { location: 'Leeds' } }, bearer(token));
    const row = await prisma.savedSearch.findUniqueOrThrow({ where: { id: first.body.id } });
    await prisma.savedSearch.createMany({
      data: Array.from({ length: 49 }, (_, i) => ({ ...row, id: undefined, name: `Number ${i + 2}`, unsubscribeToken: `${row.unsubscribeToken.slice(0, 40)}${String(i).padStart(3, '0')}`, query: row.query as object, customerId })),
    });
    const over = await api.post(SAVED, { name: 'Number 51', query: { location: 'Leeds' } }, bearer(token));
    expect(over.status).to.equal(422);
    expect(over.body.message).to.match(/at most 50/);
  });

  it('run as a search for their matches, and count new matches from the last view', async () => {
    const { accessToken: token } = await passwordCustomer();
    const { body } = await api.post(SAVED, { name: 'Leeds', query: { location: 'Leeds', radius: 5 } }, bearer(token));
    const matches = await api.get(`${SAVED}/${body.id}/matches`, { ...bearer(token), query: { size: 5 } });
    expect(matches.status).to.equal(200);
    expect(matches.body).to.have.property('data');
    expect(matches.body.pagination.perPage).to.equal(5);
    const viewed = (await api.get(`${SAVED}/${body.id}`, bearer(token))).body;
    expect(viewed.lastViewedAt).to.be.a('string');
    expect((await api.get(`${SAVED}/${body.id}/matches`, { ...bearer(token), query: { page: 0 } })).status).to.equal(422);
  });

  it('unsubscribe by token with no sign-in; a wrong token is 404', async () => {
    const { accessToken: token } = await passwordCustomer();
    const { body } = await api.post(SAVED, { name: 'Alerts', query: { location: 'Leeds' }, alerts: { frequency: 'instant' } }, bearer(token));
    const { prisma } = testApp().runtime;
    const { unsubscribeToken } = await prisma.savedSearch.findUniqueOrThrow({ where: { id: body.id } });
    expect((await api.post(`${P}/alerts/unsubscribe/${'x'.repeat(43)}`, undefined)).status).to.equal(404);
    expect((await api.post(`${P}/alerts/unsubscribe/short`, undefined)).status).to.equal(404);
    const res = await api.post(`${P}/alerts/unsubscribe/${unsubscribeToken}`, undefined);
    expect(res.status).to.equal(200);
    expect((await api.get(`${SAVED}/${body.id}`, bearer(token))).body.alerts.frequency).to.equal('off');
  });
});
