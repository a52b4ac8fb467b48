import { expect } from 'chai';
import { osgbToWgs84 } from '../../src/postcodes/grid-references.ts';

describe('National Grid to WGS84', () => {
  // Code-Point Open grid references of sample postcodes, and their WGS84 points in the ONS postcode
  // lookup (prisma/data/postcodes-sample.csv): the Helmert transformation is good to a few metres
  const cases: [string, number, number, number, number][] = [
    ['EH2 3EW', 325096, 673991, 55.95307, -3.20112],
    ['G2 1NF', 258913, 665598, 55.86284, -4.2559],
    ['NE1 6BR', 424934, 564301, 54.97271, -1.61203],
    ['NR1 4AS', 624431, 308722, 52.62984, 1.31489],
    ['L1 1DN', 334806, 390259, 53.40512, -2.98209],
  ];
  for (const [postcode, easting, northing, lat, lng] of cases) {
    it(`places ${postcode} within about 10 m of the published point`, () => {
      const p = osgbToWgs84(easting, northing);
      expect(p.lat).to.be.closeTo(lat, 1e-4);
      expect(p.lng).to.be.closeTo(lng, 1.5e-4);
    });
  }
});
