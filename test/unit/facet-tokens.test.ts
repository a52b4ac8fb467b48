import { expect } from 'chai';
import { facetsFor, type NumericFacet } from '../../src/listings/facet-definitions.ts';
import { bandOf, facetTokensOf, readToken } from '../../src/listing-index/document/facet-tokens.ts';

const facet = (param: string) => [...facetsFor('for-sale'), ...facetsFor('to-rent')].find((f) => f.param === param) as NumericFacet;

describe('facet tokens', () => {
  // [facet, price, band]: the first option the price is "up to", to the half-penny
  const bands: [string, number, number | null][] = [
    ['max_full_value', 0, 50_000],
    ['max_full_value', 49_999.99, 50_000],
    ['max_full_value', 50_000, 50_000],
    ['max_full_value', 50_000.004, 50_000],
    ['max_full_value', 50_000.01, 100_000],
    ['max_full_value', 975_000, 1_000_000],
    ['max_full_value', 1_000_000, 1_000_000],
    ['max_full_value', 1_000_000.01, null],
    ['max_share_value', 19_500, 20_000],
    ['max_deposit', 5_000, 5_000],
    ['max_deposit', 5_001, 10_000],
    ['max_monthly_rent', 250.004, 250],
    ['max_monthly_rent', 250.005, 500],
    ['max_monthly_rent', 1_100, 1_250],
    ['max_monthly_rent', 5_000, 5_000],
    ['max_monthly_rent', 5_250, null],
  ];
  for (const [param, price, band] of bands) {
    it(`puts ${param} ${price} in the band of ${band}`, () => expect(bandOf(facet(param), price)).to.equal(band));
  }

  it("writes every facet's values of a property, listing-level copies and price bands included, each once", () => {
    const tokens = facetTokensOf({
      schemes: ['shared-ownership', 'first-homes'],
      availabilityStatus: 'available',
      propertyTypeGroup: 'flat',
      bedrooms: 2,
      bathrooms: 1,
      newBuild: false,
      fullMarketPrice: 180_000,
      minShareValue: 45_000,
      depositValue: 2_250,
      monthlyRent: null,
      epcBand: 'B',
      councilTaxBand: null,
      parking: ['Allocated space'],
      features: ['Garden', 'Lift: yes', 'Garden'],
    });
    expect(tokens).to.have.members([
      'schemes:shared-ownership',
      'schemes:first-homes',
      'status:available',
      'types:flat',
      'bedrooms:2',
      'bathrooms:1',
      'new_homes:false',
      'max_full_value:200000',
      'max_share_value:50000',
      'max_deposit:5000',
      'epc_bands:B',
      'parking:Allocated space',
      'other_features:Garden',
      'other_features:Lift: yes',
    ]);
    expect(tokens).to.have.length(14);
  });

  it('reads a token back at its first colon', () => {
    expect(readToken('other_features:Lift: yes')).to.deep.equal({ param: 'other_features', value: 'Lift: yes' });
  });
});
