import { expect } from 'chai';
import { ValidationError } from '../../src/core/errors.ts';
import { UK_RECT } from '../../src/places/geo.ts';
import { readPostcodeDistricts } from '../../src/places/postcode-districts.ts';
import { requirePostcodePoint } from '../../src/places/postcode-point.ts';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';

const SEARCH = '/api/rest/portal/search';
const search = (location: string, radius = 0) => api.get(SEARCH, { query: { location, radius, max_featured: 0, size: 1 } });

/** A spread across the UK: city centres, London's lettered and parent districts, islands, Northern Ireland. */
const DISTRICTS = ['LS1', 'EC1A', 'W1', 'SW1A', 'B1', 'M1', 'G1', 'EH1', 'CF10', 'BT1', 'BT94', 'AB10', 'TR1', 'ZE1', 'HS1', 'KW15', 'IV1', 'PL1', 'NR1', 'CT1', 'LL55', 'SA1', 'DG1', 'CA1', 'TD1', 'NE1', 'YO1'];

describe('postcode districts', function () {
  this.timeout(60_000);

  it('ships about 3,000 districts, each inside the UK and inside its own rectangle', () => {
    const districts = readPostcodeDistricts();
    expect(districts.length).to.be.within(2_800, 3_200);
    expect(new Set(districts.map((d) => d.district)).size).to.equal(districts.length);
    for (const d of districts) {
      expect(d.district).to.match(/^[A-Z]{1,2}[0-9][A-Z0-9]?$/);
      expect(d.center.lat, d.district).to.be.within(UK_RECT.south, UK_RECT.north);
      expect(d.center.lng, d.district).to.be.within(UK_RECT.west, UK_RECT.east);
      expect(d.center.lat, d.district).to.be.within(d.rect.south, d.rect.north);
      expect(d.center.lng, d.district).to.be.within(d.rect.west, d.rect.east);
    }
    // every postcode area of the UK has its districts
    const areas = new Set(districts.map((d) => /^[A-Z]+/.exec(d.district)![0]));
    expect(areas.size).to.equal(121);
  });

  it('resolves each district of a spread across the UK to a point in the UK, in search and in autocomplete', async () => {
    for (const district of DISTRICTS) {
      const res = await search(district);
      expect(res.status, district).to.equal(200);
      expect(res.body.clearLocation, district).to.equal(true);
      const { lat, lng } = res.body.center;
      expect(lat, district).to.be.within(UK_RECT.south, UK_RECT.north);
      expect(lng, district).to.be.within(UK_RECT.west, UK_RECT.east);
      const rb = res.body.rectBounds;
      expect(rb.north - rb.south, district).to.be.greaterThan(0).and.lessThan(1);

      const places = await api.get('/api/rest/portal/places', { query: { q: district.toLowerCase() } });
      expect(places.body.data[0], district).to.include({ type: 'district', name: district, location: district });
      expect(places.body.data[0].latitude, district).to.be.closeTo(lat, 1e-9);
    }
  });

  it('puts the Leeds city-centre district LS1 in Leeds, apart from LS11 to LS19', async () => {
    const ls1 = (await search('LS1')).body.center;
    const leeds = (await search('Leeds')).body.center;
    expect(Math.abs(ls1.lat - 53.797)).to.be.lessThan(0.01);
    expect(Math.abs(ls1.lng + 1.549)).to.be.lessThan(0.02);
    expect(Math.abs(ls1.lat - leeds.lat)).to.be.lessThan(0.1);
    expect((await search('LS19')).body.center).to.not.deep.equal(ls1);
  });

  it('resolves a full postcode the data lacks to the centre of its district, and one the data holds to itself', async () => {
    const district = (await search('LS1')).body;
    // LS1 8ZZ is well formed and in no postcode data (LS1 4AP, once the example, is in the national file)
    for (const postcode of ['ls1 8zz', 'LS18ZZ', ' Ls1  8zZ ']) {
      const res = await search(postcode);
      expect(res.body.clearLocation, postcode).to.equal(true);
      expect(res.body.center, postcode).to.deep.equal(district.center);
    }
    const held = (await search('SW1A 1AA')).body.center;
    expect(held).to.not.deep.equal((await search('SW1A')).body.center);
  });

  it('says plainly that an unknown place, or a postcode of an unknown district, was not found', async () => {
    for (const location of ['zzzz', 'YY1 1AA', 'Atlantis Under The Sea']) {
      const res = await search(location, 3);
      expect(res.status, location).to.equal(200);
      expect(res.body.clearLocation, location).to.equal(false);
      expect(res.body.rectBounds, location).to.deep.equal(UK_RECT);
    }
  });

  it('gives home and work postcodes a point: their own, else their district centre, else a 422 on the field', async () => {
    const { gazetteer } = testApp().runtime;
    const held = await requirePostcodePoint(gazetteer, 'sw1a1aa', 'home_postcode');
    expect(held).to.include({ postcode: 'SW1A 1AA', precision: 'postcode' });
    const lacking = await requirePostcodePoint(gazetteer, 'ls1 8zz', 'home_postcode');
    const ls1 = (await search('LS1')).body.center;
    expect(lacking).to.deep.equal({ postcode: 'LS1 8ZZ', latitude: ls1.lat, longitude: ls1.lng, precision: 'district' });
    expect(await gazetteer.pointOfPostcode('YY1 1AA')).to.equal(null);
    expect(await gazetteer.pointOfPostcode('not a postcode')).to.equal(null);
    for (const [text, message] of [
      ['YY1 1AA', 'work_postcode YY1 1AA is in no known postcode district (YY1)'],
      ['LS1', 'work_postcode must be a UK postcode'],
    ] as const) {
      const err = await requirePostcodePoint(gazetteer, text, 'work_postcode').catch((e: unknown) => e);
      expect(err, text).to.be.instanceOf(ValidationError);
      expect((err as ValidationError).status).to.equal(422);
      expect((err as ValidationError).errors).to.deep.equal({ work_postcode: [message] });
    }
  });
});
