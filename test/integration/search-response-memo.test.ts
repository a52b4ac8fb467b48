// A search response is sent again when the engine answers a repeated search exactly as before; a
// listing that changes must still show as it is now, and a signed-in customer never gets a response
// kept with somebody else's favourites. A kept response goes gzipped to the clients that accept it.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { bearer, passwordCustomer, P } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';

type Item = { id: number; name: string; favourite: boolean | null; eligibility: { status: string; reasons: string[] } | null };

describe('search responses sent again for the same engine answer', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let id: number;
  const belfast = (options: { headers?: Record<string, string> } = {}) =>
    api.get(`${P}/search`, { ...options, query: { location: 'BT4 3PN', radius: 1, max_featured: 0 } });
  const itemOf = async (options?: { headers?: Record<string, string> }) => ((await belfast(options)).body.data as Item[]).find((i) => i.id === id);

  before(async () => {
    account = await createAccount();
    await api.put('/api/rest/inventory/developments/memo-dev', developmentPayload({ postcode: 'BT4 3PN' }), withKey(account));
    await api.put('/api/rest/inventory/properties/memo-prop', propertyPayload('memo-dev'), withKey(account));
    const res = await api.put('/api/rest/listings/memo-listing', listingPayload('memo-dev', ['memo-prop'], { name: 'Sydenham Court' }), withKey(account, { refresh: 'wait_for' }));
    id = res.body.id as number;
    await eventually(async () => expect(await itemOf()).to.deep.include({ name: 'Sydenham Court' }));
  });

  it('sends the same response again without building it, and builds it anew when a listing changes', async () => {
    const { counts } = testApp().built.searchResponses;
    const first = await belfast();
    const reused = counts.reused;
    const again = await belfast();
    expect(counts.reused).to.equal(reused + 1);
    expect(again.text).to.equal(first.text);

    await api.patch('/api/rest/listings/memo-listing', { name: 'Sydenham Gardens' }, withKey(account, { refresh: 'wait_for' }));
    await eventually(async () => expect(await itemOf()).to.deep.include({ name: 'Sydenham Gardens' }));
  });

  it('sends a kept response gzipped to clients that accept gzip, and as it is to the others', async () => {
    const first = await belfast({ headers: { 'accept-encoding': 'identity' } });
    await belfast();
    const gzipped = await belfast({ headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' } });
    expect(gzipped.headers.get('content-encoding')).to.equal('gzip');
    expect(gzipped.headers.get('vary')).to.match(/accept-encoding/i);
    expect(gzipped.text).to.equal(first.text);
    const plain = await belfast({ headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).to.equal(null);
    expect(plain.headers.get('vary')).to.match(/accept-encoding/i);
    expect(plain.text).to.equal(first.text);
  });

  it('gzips a signed-in search as it is sent', async () => {
    const customer = await passwordCustomer();
    const res = await belfast(bearer(customer.accessToken, { headers: { 'accept-encoding': 'gzip' } }) as { headers: Record<string, string> });
    expect(res.headers.get('content-encoding')).to.equal('gzip');
    expect((res.body.data as Item[]).find((i) => i.id === id)).to.deep.include({ name: 'Sydenham Gardens', favourite: false });
    // the map listings' compressed copy is spliced into the gzipped body: the same text as sent plainly
    expect(res.body.mapListings).to.be.an('array').that.is.not.empty;
    const plain = await belfast(bearer(customer.accessToken, { headers: { 'accept-encoding': 'identity' } }) as { headers: Record<string, string> });
    expect(plain.headers.get('content-encoding')).to.equal(null);
    expect(res.text).to.equal(plain.text);
  });

  it("sends a kept response to signed-in customers too, each with their own favourites filled in", async () => {
    const { counts } = testApp().built.searchResponses;
    const [fan, other] = [await passwordCustomer(), await passwordCustomer()];
    expect((await api.post(`${P}/profile/favourites`, { listing: id }, bearer(fan.accessToken))).status).to.equal(201);
    expect((await itemOf())?.favourite).to.equal(null);
    const { reused, built } = counts;
    expect((await itemOf(bearer(fan.accessToken)))?.favourite).to.equal(true);
    expect((await itemOf(bearer(other.accessToken)))?.favourite).to.equal(false);
    expect((await itemOf())?.favourite).to.equal(null);
    expect(counts.reused).to.equal(reused + 3);
    expect(counts.built).to.equal(built);
    // every other item is nobody's favourite, and the body is otherwise the anonymous one
    const anonymous = (await belfast()).body as { data: Item[] };
    const signedIn = (await belfast(bearer(fan.accessToken))).body as { data: Item[] };
    expect(signedIn).to.deep.equal({ ...anonymous, data: anonymous.data.map((i) => ({ ...i, favourite: i.id === id })) });
    // a favourite removed shows at once
    expect((await api.delete(`${P}/profile/favourites/${id}`, bearer(fan.accessToken))).status).to.equal(200);
    expect((await itemOf(bearer(fan.accessToken)))?.favourite).to.equal(false);
  });

  it('never sends one customer the eligibility kept for another, nor for nobody', async () => {
    const { counts } = testApp().built.searchResponses;
    // the listing's rules (factories.ts): income up to £80,000, citizens, statuses 1 to 3
    const above = await passwordCustomer({ annualHouseholdIncome: 95000, homeOwnershipStatus: 1 });
    const notCitizen = await passwordCustomer({ eligibleCitizen: false, homeOwnershipStatus: 1 });
    const anonymous = await itemOf();
    expect(anonymous?.eligibility).to.equal(null);
    const first = await itemOf(bearer(above.accessToken));
    expect(first?.eligibility?.status).to.equal('failed');
    expect(first?.eligibility?.reasons).to.include("Your household income of £95,000 is above this home's limit of £80,000 a year.");
    const built = counts.built;
    const second = await itemOf(bearer(notCitizen.accessToken));
    expect(second?.eligibility?.status).to.equal('failed');
    expect(second?.eligibility?.reasons).to.deep.equal(['This home is only for British or EU/EEA citizens, and you have told us you are not one.']);
    // built for the second customer, not sent from the first's kept response
    expect(counts.built).to.equal(built + 1);
    // each customer's own again (kept, each under their own values), and nobody's for nobody
    expect((await itemOf(bearer(above.accessToken)))?.eligibility).to.deep.equal(first?.eligibility);
    expect((await itemOf(bearer(notCitizen.accessToken)))?.eligibility).to.deep.equal(second?.eligibility);
    expect((await itemOf())?.eligibility).to.equal(null);
    // the query's values win over the profile's, and are a search of their own
    const res = await belfast(bearer(notCitizen.accessToken));
    expect(res.status).to.equal(200);
    const withQuery = await api.get(`${P}/search`, { ...bearer(above.accessToken), query: { location: 'BT4 3PN', radius: 1, max_featured: 0, household_income: 30000 } });
    const item = (withQuery.body.data as Item[]).find((i) => i.id === id);
    expect(item?.eligibility?.reasons ?? []).to.not.include("Your household income of £95,000 is above this home's limit of £80,000 a year.");
  });
});
