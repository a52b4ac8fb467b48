import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, eventually, withKey, type TestAccount } from '../support/factories.ts';
import { feedFixture, importBlm } from '../support/feeds.ts';

const json = (name: string) => JSON.parse(feedFixture(name).toString('utf8'));
const P = '/api/rtdf/property';
const keyed = (account: TestAccount) => ({ headers: { 'x-api-key': account.key } });

describe('feeds: RTDF', () => {
  let account: TestAccount;
  before(async () => {
    account = await createAccount({ tier: 'basic' });
  });

  it('SendPropertyDetails (current version): stores the home and answers in the RTDF envelope', async () => {
    const res = await api.post(`${P}/sendpropertydetails`, json('rtdf-send-current.json'), keyed(account));
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ success: true, message: 'The property was stored, with warnings' });
    expect(res.body.request_timestamp).to.match(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(res.body.errors).to.deep.equal([]);
    expect(res.body.property).to.include({ agent_ref: 'MW-12', change_type: 'CREATE' });
    // another file may have taken the plain slug with the same fixture: then a numbered one
    expect(res.body.property.rightmove_url).to.match(/\/listings\/mill-wharf-canal-street-maidstone(-[0-9a-z]+)?$/);
    const codes = res.body.warnings.map((w: { warning_code: string; warning_description: string }) => `${w.warning_code} ${w.warning_description}`);
    expect(codes).to.include('NOT_USED property.details.risks is not used here (a field of another RTDF version, or one nothing of ours holds)');
    expect(codes.some((c: string) => c.startsWith('NOT_SHOWN media of type 7 (EPC) is not shown'))).to.equal(true);

    const property = await api.get('/api/rest/inventory/properties/rm:801:MW-12', withKey(account));
    // the account reads shared-ownership prices as the full value (the default)
    expect(property.body).to.include({ propertyType: 'Apartment', isSharedOwnership: true, fullMarketPrice: 280000, minSharePercentage: 40, subsidisedMonthlyRent: 350, monthlyServiceCharge: 150, tenure: 'leasehold', leaseYears: 125, councilTaxBand: 'C', floorArea: 70, energyEfficiencyRatingCurrent: null });
    const listing = await api.get('/api/rest/listings/rm:801:MW-12', withKey(account));
    expect(listing.body.id).to.equal(res.body.property.rightmove_id);
    expect(listing.body.mainImage.thumbnail).to.equal('https://images.example.org/mw12-1.jpg');
    await eventually(async () => expect((await api.get(`/api/rest/portal/listings/${res.body.property.rightmove_id}`)).status).to.equal(200));

    const again = await api.post(`${P}/sendpropertydetails`, json('rtdf-send-current.json'), { query: { api_key: account.key } });
    expect(again.body.property.change_type).to.equal('UPDATE');
  });

  it('SendPropertyDetails (an older version): fields it no longer has are warnings, a URL without a scheme left out', async () => {
    const res = await api.post(`${P}/sendpropertydetails`, json('rtdf-send-older.json'), keyed(account));
    expect(res.status).to.equal(200);
    expect(res.body.success).to.equal(true);
    const described = res.body.warnings.map((w: { warning_description: string }) => w.warning_description);
    expect(described.filter((d: string) => d.endsWith('is not used here (a field of another RTDF version, or one nothing of ours holds)')).map((d: string) => d.split(' ')[0])).to.deep.equal([
      'property.details.housing_benefit_considered',
      'property.principal',
    ]);
    expect(described).to.include('media_url www.example.org/let3.jpg is not an http(s) URL: left out');
    const property = await api.get('/api/rest/inventory/properties/rm:801:LET-3', withKey(account));
    expect(property.body).to.include({ forSale: false, monthlyRent: 1300, rentalDeposit: 1500, furnitureStatus: 'unfurnished' });
  });

  it('SendPropertyDetails (invalid): 400 with success false and every error', async () => {
    const res = await api.post(`${P}/sendpropertydetails`, json('rtdf-send-invalid.json'), keyed(account));
    expect(res.status).to.equal(400);
    expect(res.body.success).to.equal(false);
    expect(res.body.property).to.equal(null);
    const fields = res.body.errors.map((e: { error_description: string }) => e.error_description.split(':')[0]).sort();
    expect(fields).to.include.members([
      'branch.branch_id',
      'branch.channel',
      'property.address.postcode_2',
      'property.agent_ref',
      'property.details.bedrooms',
      'property.price_information.price',
      'property.published',
      'property.status',
    ]);
    expect(res.body.errors.find((e: { error_description: string }) => e.error_description.startsWith('property.status')).error_value).to.equal('9');
    const negative = json('rtdf-send-current.json');
    negative.property.price_information.price = -5;
    const refused = await api.post(`${P}/sendpropertydetails`, negative, keyed(account));
    expect(refused.status).to.equal(400);
    expect(refused.body.errors[0]).to.include({ error_code: 'NOT_A_HOME', error_description: 'property.price_information.price: a negative price (-5)' });
  });

  it('GetBranchPropertyList: valid, older (unknown fields warned) and invalid', async () => {
    const res = await api.post(`${P}/getbranchpropertylist`, { network: { network_id: 42 }, branch: { branch_id: 801, channel: 1 } }, keyed(account));
    expect(res.status).to.equal(200);
    expect(res.body.property.map((p: { agent_ref: string }) => p.agent_ref)).to.deep.equal(['MW-12']);
    expect(res.body.property[0].update_date).to.match(/^\d{2}-\d{2}-\d{4} /);
    const older = await api.post(`${P}/getbranchpropertylist`, { network: { network_id: 42 }, branch: { branch_id: 801, channel: 2, branch_name: 'Maidstone lettings' } }, keyed(account));
    expect(older.status).to.equal(200);
    expect(older.body.property.map((p: { agent_ref: string }) => p.agent_ref)).to.deep.equal(['LET-3']);
    expect(older.body.warnings[0].warning_code).to.equal('NOT_USED');
    const invalid = await api.post(`${P}/getbranchpropertylist`, { branch: { channel: 5 } }, keyed(account));
    expect(invalid.status).to.equal(400);
    expect(invalid.body.errors).to.have.length(2);
  });

  it('RemoveProperty: valid, older (unknown fields warned), invalid and unknown', async () => {
    const listing = await api.get('/api/rest/listings/rm:801:LET-3', withKey(account));
    const res = await api.post(`${P}/removeproperty`, { network: { network_id: 42 }, branch: { branch_id: 801, channel: 2 }, property: { agent_ref: 'LET-3', removal_reason: 7, transaction_date: '20-11-2026 00:00:00' } }, keyed(account));
    expect(res.status).to.equal(200);
    expect(res.body.property).to.include({ agent_ref: 'LET-3', change_type: 'DELETE', rightmove_id: listing.body.id });
    expect((await api.get('/api/rest/listings/rm:801:LET-3', withKey(account))).status).to.equal(404);
    const older = await api.post(`${P}/removeproperty`, { branch: { branch_id: 801, channel: 1 }, property: { agent_ref: 'MW-12', removal_reason: 1, removal_note: 'sold' } }, keyed(account));
    expect(older.status).to.equal(200);
    expect(older.body.warnings.map((w: { warning_code: string }) => w.warning_code)).to.include('NOT_USED');
    const invalid = await api.post(`${P}/removeproperty`, { branch: { branch_id: 801, channel: 1 }, property: { transaction_date: 'yesterday' } }, keyed(account));
    expect(invalid.status).to.equal(400);
    expect(invalid.body.errors).to.have.length(2);
    const unknown = await api.post(`${P}/removeproperty`, { branch: { branch_id: 801, channel: 1 }, property: { agent_ref: 'NEVER' } }, keyed(account));
    expect(unknown.status).to.equal(404);
    expect(unknown.body.errors[0].error_code).to.equal('NOT_FOUND');
  });

  it('a push for a home a BLM file placed in a development changes that home alone', async () => {
    const premium = await createAccount({ tier: 'premium' });
    await importBlm(premium, feedFixture('ashford-sales.blm'));
    const holly = 'rm:701:dev-holly-gardens-s-tn231aa';
    const push = json('rtdf-send-current.json');
    push.branch.branch_id = 701;
    push.property.agent_ref = 'HG03';
    push.property.address.postcode_1 = 'TN23';
    push.property.address.postcode_2 = '1AA';
    push.property.price_information = { price: 199000, tenure_type: 2 };
    const res = await api.post(`${P}/sendpropertydetails`, push, keyed(premium));
    expect(res.status).to.equal(200);
    expect(res.body.property.change_type).to.equal('UPDATE');
    const flat = await api.get('/api/rest/inventory/properties/rm:701:HG03', withKey(premium));
    expect(flat.body).to.include({ development: holly, fullMarketPrice: 199000 });
    const listing = await api.get(`/api/rest/listings/${encodeURIComponent(holly)}`, withKey(premium));
    expect(listing.body.properties).to.have.length(8);
    expect(res.body.property.rightmove_id).to.equal(listing.body.id);
  });

  it('needs a key of an account that holds inventory', async () => {
    expect((await api.post(`${P}/getbranchpropertylist`, { branch: { branch_id: 801, channel: 1 } })).status).to.equal(401);
    expect((await api.post(`${P}/getbranchpropertylist`, { branch: { branch_id: 801, channel: 1 } }, { headers: { 'x-api-key': 'hsp_nope' } })).status).to.equal(401);
    const partner = await createAccount({ kind: 'partner', partnerSource: 'rtdf-partner' });
    expect((await api.post(`${P}/getbranchpropertylist`, { branch: { branch_id: 801, channel: 1 } }, keyed(partner))).status).to.equal(403);
    // another account's branch of the same number is its own
    const other = await createAccount();
    const list = await api.post(`${P}/getbranchpropertylist`, { branch: { branch_id: 801, channel: 1 } }, keyed(other));
    expect(list.body.property).to.deep.equal([]);
  });
});
