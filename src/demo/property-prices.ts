// Plausible UK prices and rents for a demo home: open-market level by place, size and type, then the
// offer's discount, share, deposit and tenancy terms. Null fields mean "to be announced".
import type { Rng } from './random.ts';
import type { Place } from './places.ts';
import { FIRST_HOMES_CAP, type Offer } from './offers.ts';
import type { PropertyPrices } from '../listings/price-rules.ts';

/** The price fields a provider sends for a property (what the price rules read, less occupancy and tenure). */
export type PriceTerms = Omit<PropertyPrices, 'forSale' | 'isSharedOwnership' | 'tenure'>;

const BEDROOM_FACTOR = [0.68, 0.8, 1, 1.28, 1.6];
const TYPE_FACTOR: Record<string, number> = {
  'Penthouse apartment': 1.45,
  'Detached house': 1.25,
  Townhouse: 1.15,
  'Detached bungalow': 1.15,
};

const roundTo = (value: number, step: number): number => Math.round(value / step) * step;
const pence = (value: number): number => Math.round(value * 100) / 100;

export function openMarketPrice(rng: Rng, place: Place, bedrooms: number, propertyType: string, houseLike: boolean): number {
  const group = houseLike && place.group !== 'london' ? 1.12 : 1;
  return roundTo(place.price2Bed * BEDROOM_FACTOR[bedrooms]! * (TYPE_FACTOR[propertyType] ?? 1) * group * rng.float(0.92, 1.08), 5_000);
}

/** Monthly open-market rent of a home worth `price`. */
export const openMarketRent = (price: number): number => roundTo(350 + price * 0.0033, 25);

export function priceTerms(
  rng: Rng,
  offer: Offer,
  opts: { place: Place; marketPrice: number; leasehold: boolean; flat: boolean; tba: boolean },
): PriceTerms {
  const { marketPrice, leasehold, flat, place } = opts;
  const terms: PriceTerms = {
    fullMarketPrice: null,
    openMarketValue: null,
    depositValue: null,
    minSharePercentage: null,
    subsidisedMonthlyRent: null,
    maxGovernmentLoanPercent: null,
    monthlyServiceCharge: null,
    annualGroundRent: null,
    reservationFee: null,
    monthlyRent: null,
    rentalDeposit: null,
    minTenancyMonths: null,
    maxTenancyMonths: null,
    administrationFee: null,
  };
  const london = place.group === 'london';
  if (offer.forSale) {
    terms.monthlyServiceCharge = flat
      ? roundTo(rng.int(london ? 140 : 80, london ? 320 : 200), 5)
      : rng.chance(0.5)
        ? rng.int(15, 40)
        : null;
    terms.annualGroundRent = leasehold ? 0 : null; // new leases: peppercorn ground rent
    if (opts.tba) return terms;
    if (offer.sharedOwnership) {
      const share = rng.weighted([
        [10, 35],
        [25, 55],
        [40, 10],
      ] as const);
      terms.fullMarketPrice = marketPrice;
      terms.minSharePercentage = share;
      terms.subsidisedMonthlyRent = pence((marketPrice * (1 - share / 100) * 0.0275) / 12);
      terms.reservationFee = rng.pick([250, 500]);
    } else if (offer.kind === 'market-sale') {
      terms.fullMarketPrice = marketPrice;
      terms.depositValue = roundTo(marketPrice * rng.pick([0.05, 0.1]), 50);
      terms.reservationFee = rng.pick([1_000, 2_000]);
    } else {
      // sold below the open market: the value, and the price at least the offer's discount below it (rounded
      // down to £1,000); a First Home's price is capped, so a home worth more is valued at what the cap allows
      const cap = london ? FIRST_HOMES_CAP.london : FIRST_HOMES_CAP.elsewhere;
      const value = offer.kind === 'first-homes' ? Math.min(marketPrice, Math.floor(cap / offer.priceFactor / 5_000) * 5_000) : marketPrice;
      terms.openMarketValue = value;
      terms.fullMarketPrice = Math.floor((value * offer.priceFactor) / 1_000) * 1_000;
      terms.reservationFee = 500;
    }
    return terms;
  }
  if (opts.tba) return terms;
  const rent = roundTo(openMarketRent(marketPrice) * offer.priceFactor, 5);
  terms.monthlyRent = rent;
  terms.rentalDeposit = pence(((rent * 12) / 52) * 5); // five weeks' rent, the legal maximum
  if (offer.kind === 'market-rent') {
    terms.minTenancyMonths = rng.pick([6, 12, 12]);
    terms.maxTenancyMonths = rng.pick([24, 36, null]);
  } else {
    terms.minTenancyMonths = offer.kind === 'rent-to-buy' ? 12 : 36;
    terms.maxTenancyMonths = offer.kind === 'rent-to-buy' ? 60 : 120;
  }
  return terms;
}
