import { expect } from 'chai';
import { listingsPerTown, marketTowns, spreadCounts, UK_MARKET_LISTINGS } from '../../src/demo/market-spread.ts';
import type { Town } from '../../src/demo/population-places.ts';

// five towns on a line of latitude, about 6.9 miles apart (0.1 degree of longitude at 53.5 N), 1,000,000 people
const town = (name: string, lng: number, population: number): Town => ({ name, center: { lat: 53.5, lng }, population });
const TOWNS: Town[] = [town('Far', -2.0, 100_000), town('Big', -2.3, 500_000), town('Near', -2.2, 250_000), town('Tiny', -2.4, 50_000), town('Mid', -2.1, 100_000)];
const CENTRE = { lat: 53.5, lng: -2.3 };
const byName = (shares: { town: Town; listings: number }[]) => Object.fromEntries(shares.map((s) => [s.town.name, s.listings]));

describe('the benchmark market spread', () => {
  describe('spreadCounts', () => {
    it('gives each weight its share when the shares are whole', () => {
      expect(spreadCounts([500, 250, 250], 4, 'any')).to.deep.equal([2, 1, 1]);
      expect(spreadCounts([1, 1, 1, 1], 8, 'other')).to.deep.equal([2, 2, 2, 2]);
    });

    it('rounds each share down or up, and the counts add up to the total', () => {
      const weights = [7, 13, 1, 1, 29, 3, 0, 46];
      for (const count of [0, 1, 5, 99, 1000, 12_345]) {
        for (const seed of ['a', 'b', 'c', 'd']) {
          const counts = spreadCounts(weights, count, seed);
          expect(counts.reduce((s, n) => s + n, 0), `${count} ${seed}`).to.equal(count);
          counts.forEach((n, i) => {
            const share = (weights[i]! / 100) * count;
            expect(n, `${count} ${seed} #${i}`).to.be.oneOf([Math.floor(share), Math.ceil(share)]);
          });
        }
      }
    });

    it('is the same for the same seed, and the seed decides which small shares round up', () => {
      const weights = Array.from({ length: 50 }, () => 1);
      expect(spreadCounts(weights, 7, 'bench-market')).to.deep.equal(spreadCounts(weights, 7, 'bench-market'));
      const picks = new Set(['s1', 's2', 's3', 's4', 's5'].map((seed) => spreadCounts(weights, 7, seed).join('')));
      expect(picks.size).to.be.greaterThan(1);
      // a share of 7/50 rounds to 0 or 1
      expect(spreadCounts(weights, 7, 's1').every((n) => n === 0 || n === 1)).to.equal(true);
    });

    it('gives nothing to a zero weight, and nothing at all for nothing to spread', () => {
      expect(spreadCounts([0, 5, 0, 5], 10, 'x')).to.deep.equal([0, 5, 0, 5]);
      expect(spreadCounts([3, 4], 0, 'x')).to.deep.equal([0, 0]);
      expect(spreadCounts([0, 0], 10, 'x')).to.deep.equal([0, 0]);
    });
  });

  describe('marketTowns', () => {
    it('covers every town at the size of the UK market and above', () => {
      expect(marketTowns(TOWNS, UK_MARKET_LISTINGS, CENTRE)).to.have.length(5);
      expect(marketTowns(TOWNS, 3 * UK_MARKET_LISTINGS, CENTRE)).to.have.length(5);
    });

    it('covers the towns nearest the centre until they hold the market share of the people', () => {
      // 10% of the market: 100,000 of the 1,000,000 people; the nearest town, Big, holds 500,000
      expect(marketTowns(TOWNS, UK_MARKET_LISTINGS / 10, CENTRE).map((t) => t.name)).to.deep.equal(['Big']);
      // 60%: Big, then Near (Near and Tiny are both 6.9 miles away: by name) for 750,000
      expect(marketTowns(TOWNS, 0.6 * UK_MARKET_LISTINGS, CENTRE).map((t) => t.name)).to.deep.equal(['Big', 'Near']);
      expect(marketTowns(TOWNS, 0.76 * UK_MARKET_LISTINGS, CENTRE).map((t) => t.name)).to.deep.equal(['Big', 'Near', 'Tiny']);
      expect(marketTowns(TOWNS, 0.85 * UK_MARKET_LISTINGS, CENTRE).map((t) => t.name)).to.deep.equal(['Big', 'Near', 'Tiny', 'Mid']);
    });
  });

  describe('listingsPerTown', () => {
    it('spreads the UK market by population over every town', () => {
      expect(byName(listingsPerTown(TOWNS, 1_000_000, 'seed', CENTRE))).to.deep.equal({ Far: 100_000, Big: 500_000, Near: 250_000, Tiny: 50_000, Mid: 100_000 });
      expect(byName(listingsPerTown(TOWNS, 2_000_000, 'seed', CENTRE))).to.deep.equal({ Far: 200_000, Big: 1_000_000, Near: 500_000, Tiny: 100_000, Mid: 200_000 });
    });

    it('keeps the market density in a smaller, regional market: the same listings per person in the towns it covers', () => {
      // 760,000 listings over Big, Near and Tiny (800,000 people), in proportion
      expect(byName(listingsPerTown(TOWNS, 760_000, 'seed', CENTRE))).to.deep.equal({ Big: 475_000, Near: 237_500, Tiny: 47_500 });
      expect(byName(listingsPerTown(TOWNS, 600_000, 'seed', CENTRE))).to.deep.equal({ Big: 400_000, Near: 200_000 });
      expect(byName(listingsPerTown(TOWNS, 1000, 'seed', CENTRE))).to.deep.equal({ Big: 1000 });
    });

    it('is deterministic, keeps the towns in their order and leaves out towns without listings', () => {
      const a = listingsPerTown(TOWNS, 3, 'seed', CENTRE);
      expect(a).to.deep.equal(listingsPerTown(TOWNS, 3, 'seed', CENTRE));
      expect(a.every((s) => s.listings > 0)).to.equal(true);
      expect(a.reduce((n, s) => n + s.listings, 0)).to.equal(3);
    });
  });
});
