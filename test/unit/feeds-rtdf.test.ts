import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import * as yup from 'yup';
import { rtdfDateOf, rtdfHome } from '../../src/feeds/rtdf/rtdf-home.ts';
import { sendPropertyBody, unknownPaths, type SendPropertyRequest } from '../../src/feeds/rtdf/rtdf-schemas.ts';
import { validateBody } from '../../src/core/validation.ts';

const body = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url), 'utf8'));
const request = (name: string) => validateBody(sendPropertyBody, body(name)) as SendPropertyRequest;

describe('feeds: RTDF mapping', () => {
  it('reads RTDF dates, dd-MM-yyyy HH:mm:ss', () => {
    expect(rtdfDateOf('02-07-2013 12:12:12')!.toISOString()).to.equal('2013-07-02T12:12:12.000Z');
    expect(rtdfDateOf('31-02-2013 00:00:00')).to.equal(null);
    expect(rtdfDateOf(null)).to.equal(null);
  });

  it('names the fields of another version, without array indexes', () => {
    expect(unknownPaths(body('rtdf-send-older.json'), sendPropertyBody)).to.deep.equal(['property.details.housing_benefit_considered', 'property.principal']);
    expect(unknownPaths({ a: [{ x: 1 }, { x: 2, y: 3 }] }, yup.object({ a: yup.array(yup.object({ x: yup.number() })) }))).to.deep.equal(['a[].y']);
  });

  it('maps a sale with shared ownership: the rent on the unsold share monthly, the service charge monthly', () => {
    const row = rtdfHome(request('rtdf-send-current.json'), 'full-value');
    expect(row.errors).to.deep.equal([]);
    expect(row.home!.property).to.include({ propertyType: 'Apartment', propertyTypeGroup: 'flat', isSharedOwnership: true, fullMarketPrice: 280000, minSharePercentage: 40, subsidisedMonthlyRent: 350, monthlyServiceCharge: 150, tenure: 'leasehold', leaseYears: 125 });
    expect(row.home!.images.map((i) => i.source)).to.deep.equal([{ url: 'https://images.example.org/mw12-1.jpg' }]);
    expect(row.home!.floorplans).to.have.length(1);
    // as share prices, 280,000 for 40% is a full value of 700,000
    expect(rtdfHome(request('rtdf-send-current.json'), 'share-price').home!.property.fullMarketPrice).to.equal(700000);
  });

  it('maps a letting: status one higher than BLM, weekly rent to monthly', () => {
    const row = rtdfHome(request('rtdf-send-older.json'), 'full-value');
    expect(row.home!.forSale).to.equal(false);
    expect(row.home!.property).to.include({ monthlyRent: 1300, availabilityStatus: 'available', furnitureStatus: 'unfurnished', rentalDeposit: 1500 });
    const letAgreed = request('rtdf-send-older.json');
    letAgreed.property.status = 6;
    expect(rtdfHome(letAgreed, 'full-value').home!.property.availabilityStatus).to.equal('under-offer');
  });
});
