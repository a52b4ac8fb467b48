import { expect } from 'chai';
import { councilTaxBandProblem, epcBandOf, materialInformationOf, pricePerSquareMetre } from '../../src/inventory/material-information.ts';

describe('material information', () => {
  it('bands energy efficiency ratings as EPCs do, at every boundary', () => {
    const cases: [number | null, string | null][] = [
      [100, 'A'], [92, 'A'], [91, 'B'], [81, 'B'], [80, 'C'], [69, 'C'], [68, 'D'], [55, 'D'],
      [54, 'E'], [39, 'E'], [38, 'F'], [21, 'F'], [20, 'G'], [1, 'G'], [0, null], [null, null],
    ];
    for (const [rating, band] of cases) expect(epcBandOf(rating), String(rating)).to.equal(band);
  });

  it('gives the price per square metre in whole pounds, for sale only', () => {
    // 250,000 / 72.5 = 3448.27… → 3448; 199,999 / 64 = 3124.98… → 3125; 100,000 / 80 = 1250
    expect(pricePerSquareMetre(true, 250_000, 72.5)).to.equal(3448);
    expect(pricePerSquareMetre(true, 199_999, 64)).to.equal(3125);
    expect(pricePerSquareMetre(true, 100_000, 80)).to.equal(1250);
    expect(pricePerSquareMetre(false, 250_000, 72.5)).to.equal(null);
    expect(pricePerSquareMetre(true, null, 72.5)).to.equal(null);
    expect(pricePerSquareMetre(true, 250_000, null)).to.equal(null);
    expect(pricePerSquareMetre(true, 250_000, 0)).to.equal(null);
  });

  it('gathers the fields', () => {
    const p = { forSale: true, councilTaxBand: 'C', energyEfficiencyRatingCurrent: 84, tenure: 'leasehold', leaseYears: 125, floorArea: 60, broadbandMbps: 900 };
    expect(materialInformationOf(p, { fullMarketPrice: 240_000, monthlyServiceCharge: 150, annualGroundRent: 0 })).to.deep.equal({
      councilTaxBand: 'C',
      epcBand: 'B',
      tenure: 'leasehold',
      leaseYears: 125,
      monthlyServiceCharge: 150,
      annualGroundRent: 0,
      floorArea: 60,
      pricePerSquareMetre: 4000,
      broadbandMbps: 900,
    });
  });

  it('takes band I in Wales only', () => {
    const wales = { code: 'W92000004', name: 'Wales' };
    const england = { code: 'E12000004', name: 'East Midlands' };
    const scotland = { code: 'S92000003', name: 'Scotland' };
    expect(councilTaxBandProblem('I', wales)).to.equal(null);
    expect(councilTaxBandProblem('I', england)).to.match(/Wales only: this development is in East Midlands$/);
    expect(councilTaxBandProblem('I', scotland)).to.match(/in Scotland$/);
    expect(councilTaxBandProblem('I', null)).to.match(/local authority is not known/);
    for (const band of ['A', 'H', null]) for (const region of [wales, england, null]) expect(councilTaxBandProblem(band, region), `${band} in ${region?.name}`).to.equal(null);
  });
});
