// An error answer never echoes more than a few hundred characters of what was sent: a 0.9 MB bad value,
// key, query or path is answered with a small body that still names the field.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, withKey, type TestAccount } from '../support/factories.ts';
import { P } from '../support/customers.ts';
import { MAX_ECHO_CHARS, MAX_ERROR_FIELDS } from '../../src/core/error-payload.ts';

const HUGE = 'x'.repeat(900_000);
const SMALL_BODY = 2_048;

describe('error answers echo little of the input', function () {
  this.timeout(60_000);
  let account: TestAccount;
  before(async () => {
    account = await createAccount();
  });
  /** the longest run of one character the answer quotes */
  const longestRun = (text: string, char: string) => Math.max(0, ...text.split(new RegExp(`[^${char}]+`)).map((run) => run.length));
  const quotesLittle = <R extends { status: number; text: string }>(res: R, label: string): R => {
    for (const char of 'xyzq') expect(longestRun(res.text, char), `${label}: ${res.status} ${res.text.slice(0, 300)}`).to.be.at.most(MAX_ECHO_CHARS);
    return res;
  };
  const small = <R extends { status: number; text: string }>(res: R, label: string): R => {
    expect(res.text.length, `${label}: ${res.status} ${res.text.slice(0, 300)}`).to.be.below(SMALL_BODY);
    return quotesLittle(res, label);
  };

  it('a huge value of an enum, a string or a number in a body: 422 naming the field, in a small body', async () => {
    for (const [field, value] of [['tenure', HUGE], ['name', HUGE], ['postcode', HUGE], ['latitude', `1${'0'.repeat(800_000)}`]] as const) {
      const res = small(await api.put('/api/rest/inventory/developments/echo-dev', developmentPayload({ [field]: value }), withKey(account)), field);
      expect(res.status, field).to.equal(422);
      expect(res.body.errors, field).to.have.property(field);
    }
    const login = small(await api.post(`${P}/password-login`, { email: HUGE, password: 'x' }), 'login');
    expect(login.status).to.equal(422);
    expect(login.body.errors).to.have.property('email');
  });

  it('an RTDF push with a huge value or unknown field: the envelope names the field and quotes little', async () => {
    // (its envelope lists every missing field: a longer body, but no long quote)
    const res = quotesLittle(
      await api.post('/api/rtdf/property/sendpropertydetails', { [HUGE.slice(0, 400_000)]: 1, property: { agent_ref: HUGE.slice(0, 400_000) } }, { headers: { 'x-api-key': account.key } }),
      'rtdf',
    );
    expect(res.status).to.equal(400);
    expect(JSON.stringify(res.body.errors)).to.include('agent_ref');
  });

  it('a huge unknown key, a malformed JSON body and a huge query value: small bodies', async () => {
    small(await api.put('/api/rest/inventory/developments/echo-dev2', { ...developmentPayload(), [HUGE]: 1 }, withKey(account)), 'unknown key');
    const malformed = small(await api.post(`${P}/password-login`, undefined, { rawBody: `{"email": "${HUGE}`, headers: { 'content-type': 'application/json' } }), 'malformed JSON');
    expect(malformed.status).to.equal(400);
    const query = small(await api.get(`${P}/search`, { query: { sort_by: HUGE.slice(0, 60_000), occupancy_type: HUGE.slice(0, 60_000) } }), 'query');
    expect(query.status).to.be.oneOf([414, 422, 431]);
  });

  it('a 0.9 MB bulk body of bad items answers no more than it was sent, each item quoting little', async () => {
    const premium = await createAccount({ tier: 'premium' });
    const item = { externalRef: 'x'.repeat(600), name: 'x'.repeat(600), postcode: 'x'.repeat(600), tenure: 'x'.repeat(600) };
    const body = { data: Array.from({ length: 300 }, () => item) };
    const sent = JSON.stringify(body).length;
    expect(sent).to.be.within(700_000, 1_000_000);
    const res = quotesLittle(await api.post('/api/bulk/inventory/developments', body, withKey(premium)), 'bulk');
    expect(res.status).to.equal(200);
    expect(res.body.data).to.have.length(300);
    expect(res.body.data[0].status).to.equal('failed');
    expect(res.text.length).to.be.below(sent);
  });

  it('names at most 50 fields in a 422, counting the others', async () => {
    await api.put('/api/rest/inventory/developments/echo-dev', developmentPayload(), withKey(account));
    const openDays = Array.from({ length: 400 }, () => ({ date: 'x', time: 'x', durationMin: 'x', capacity: 'x' }));
    const res = quotesLittle(await api.put('/api/rest/listings/echo-many', { development: 'echo-dev', properties: [], forSale: true, openDays }, withKey(account)), 'many');
    expect(res.status).to.equal(422);
    expect(Object.keys(res.body.errors).length).to.be.at.most(MAX_ERROR_FIELDS + 1);
    expect(res.body.errors._.at(-1)).to.match(/^and \d+ more fields with errors$/);
    expect(res.text.length).to.be.below(8_192);
  });

  it('a long path and a long ref: small bodies', async () => {
    small(await api.get(`/api/rest/listings/${'y'.repeat(6_000)}`, withKey(account)), 'long ref');
    small(await api.get(`${P}/listings/slug/${'z'.repeat(6_000)}`), 'long slug');
  });

  it(`keeps at most ${MAX_ECHO_CHARS} characters of any value it quotes`, async () => {
    const res = quotesLittle(await api.put('/api/rest/inventory/developments/echo-dev3', developmentPayload({ localAuthority: 'q'.repeat(5_000) }), withKey(account)), 'localAuthority');
    expect(res.status).to.equal(422);
  });
});
