import { expect } from 'chai';
import { advertisedReductionDay } from '../../src/alerts/advertised-reduction.ts';

describe('advertisedReductionDay: the price cut a saved search hears of', () => {
  const cases: { name: string; homes: { availabilityStatus?: string; priceReducedOn?: string | null }[]; day: string | null }[] = [
    { name: 'no home cut', homes: [{ availabilityStatus: 'available', priceReducedOn: null }], day: null },
    { name: 'the one home cut', homes: [{ availabilityStatus: 'available', priceReducedOn: '2026-11-20' }], day: '2026-11-20' },
    {
      name: 'a home other than the cheapest cut, later than the cheapest',
      homes: [
        { availabilityStatus: 'available', priceReducedOn: '2026-11-01' },
        { availabilityStatus: 'under-offer', priceReducedOn: '2026-11-28' },
      ],
      day: '2026-11-28',
    },
    {
      name: 'a sold home cut after the advertised one',
      homes: [
        { availabilityStatus: 'available', priceReducedOn: '2026-11-10' },
        { availabilityStatus: 'closed', priceReducedOn: '2026-11-28' },
      ],
      day: '2026-11-10',
    },
    { name: 'every home sold or let', homes: [{ availabilityStatus: 'closed', priceReducedOn: '2026-11-28' }], day: null },
    { name: 'coming soon counts as advertised', homes: [{ availabilityStatus: 'coming-soon', priceReducedOn: '2026-11-27' }], day: '2026-11-27' },
    { name: 'no homes', homes: [], day: null },
  ];
  for (const c of cases) it(c.name, () => expect(advertisedReductionDay(c.homes)).to.equal(c.day));
});
