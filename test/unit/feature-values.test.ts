import { expect } from 'chai';
import { featureValues } from '../../src/listing-index/document/document-values.ts';

describe('a home’s feature values in the listing document', () => {
  const cases: { name: string; sections: { section: string; values: string[] }[]; parking: string[]; features: string[] }[] = [
    {
      name: 'a value another spells out in full is left out',
      sections: [{ section: 'Parking', values: ['Allocated parking', 'Allocated parking space'] }],
      parking: ['Allocated parking space'],
      features: [],
    },
    {
      name: 'the same value in other letters’ case once',
      sections: [{ section: 'Parking', values: ['Garage', 'garage'] }],
      parking: ['Garage'],
      features: [],
    },
    {
      name: 'a longer word is not a fuller spelling',
      sections: [{ section: 'Parking', values: ['Garage', 'Garages'] }],
      parking: ['Garage', 'Garages'],
      features: [],
    },
    {
      name: 'parking apart from the other features, each folded within its own list',
      sections: [
        { section: 'Car parking', values: ['Driveway'] },
        { section: 'Outside space', values: ['Garden', 'Garden shed', 'Balcony'] },
        { section: 'Building', values: ['Lift', 'lift'] },
      ],
      parking: ['Driveway'],
      features: ['Balcony', 'Garden shed', 'Lift'],
    },
    { name: 'no sections, no values', sections: [], parking: [], features: [] },
  ];
  for (const c of cases)
    it(c.name, () => {
      expect(featureValues(c.sections, true)).to.deep.equal(c.parking);
      expect(featureValues(c.sections, false)).to.deep.equal(c.features);
    });
});
