// The kinds of offer a demo listing makes: its scheme, sale or rent, price level and eligibility rules.
import type { Rng } from './random.ts';
import { addDays } from './dates.ts';

export type OfferKind =
  | 'shared-ownership'
  | 'older-persons-shared-ownership'
  | 'first-homes'
  | 'discount-market-sale'
  | 'market-sale'
  | 'market-rent'
  | 'rent-to-buy'
  | 'london-living-rent';

export interface Offer {
  kind: OfferKind;
  /** scheme slug (prisma/data/schemes.json) */
  scheme: string;
  label: string;
  forSale: boolean;
  sharedOwnership: boolean;
  /** the price or rent asked, as a share of the open-market level */
  priceFactor: number;
  weight: number;
  londonOnly?: boolean;
}

export const OFFERS: Record<OfferKind, Offer> = {
  'shared-ownership': {
    kind: 'shared-ownership',
    scheme: 'shared-ownership',
    label: 'Shared Ownership',
    forSale: true,
    sharedOwnership: true,
    priceFactor: 1,
    weight: 30,
  },
  'older-persons-shared-ownership': {
    kind: 'older-persons-shared-ownership',
    scheme: 'older-persons-shared-ownership',
    label: "Older People's Shared Ownership",
    forSale: true,
    sharedOwnership: true,
    priceFactor: 1,
    weight: 4,
  },
  'first-homes': {
    kind: 'first-homes',
    scheme: 'first-homes',
    label: 'First Homes',
    forSale: true,
    sharedOwnership: false,
    priceFactor: 0.7,
    weight: 10,
  },
  'discount-market-sale': {
    kind: 'discount-market-sale',
    scheme: 'discount-market-sale',
    label: 'Discount Market Sale',
    forSale: true,
    sharedOwnership: false,
    priceFactor: 0.8,
    weight: 7,
  },
  'market-sale': {
    kind: 'market-sale',
    scheme: 'market-sale',
    label: 'For Sale',
    forSale: true,
    sharedOwnership: false,
    priceFactor: 1,
    weight: 18,
  },
  'market-rent': {
    kind: 'market-rent',
    scheme: 'market-rent',
    label: 'To Rent',
    forSale: false,
    sharedOwnership: false,
    priceFactor: 1,
    weight: 16,
  },
  'rent-to-buy': {
    kind: 'rent-to-buy',
    scheme: 'rent-to-buy',
    label: 'Rent to Buy',
    forSale: false,
    sharedOwnership: false,
    priceFactor: 0.8,
    weight: 6,
  },
  'london-living-rent': {
    kind: 'london-living-rent',
    scheme: 'london-living-rent',
    label: 'London Living Rent',
    forSale: false,
    sharedOwnership: false,
    priceFactor: 0.6,
    weight: 9,
    londonOnly: true,
  },
};

export function pickOffer(rng: Rng, london: boolean, exclude: OfferKind[] = []): Offer {
  const choices = Object.values(OFFERS)
    .filter((o) => (london || !o.londonOnly) && !exclude.includes(o.kind))
    .map((o) => [o, o.weight] as const);
  return rng.weighted(choices);
}

/** First Homes price caps (outside London / London). */
export const FIRST_HOMES_CAP = { london: 420_000, elsewhere: 250_000 };

export interface Eligibility {
  maxHouseholdIncome: number | null;
  minDeposit: number | null;
  eligibleCitizen: boolean | null;
  homeOwnershipStatuses: number[] | null;
  localAuthorities: number[] | null;
  localConnection: 'required' | 'preferred' | null;
  minAge: number | null;
  maxAge: number | null;
  firstDibsUntil: string | null;
}

const NO_RULES: Eligibility = {
  maxHouseholdIncome: null,
  minDeposit: null,
  eligibleCitizen: null,
  homeOwnershipStatuses: null,
  localAuthorities: null,
  localConnection: null,
  minAge: null,
  maxAge: null,
  firstDibsUntil: null,
};

/** Eligibility rules of an affordable scheme; open-market offers have none. */
export function eligibilityFor(
  offer: Offer,
  rng: Rng,
  ctx: { london: boolean; localAuthorityId: number | null; today: string },
): Eligibility {
  const rules: Eligibility = { ...NO_RULES };
  switch (offer.kind) {
    case 'shared-ownership':
    case 'older-persons-shared-ownership':
      Object.assign(rules, { maxHouseholdIncome: ctx.london ? 90_000 : 80_000, eligibleCitizen: true, homeOwnershipStatuses: [1, 2, 3] });
      if (offer.kind === 'older-persons-shared-ownership') rules.minAge = 55;
      break;
    case 'first-homes':
      Object.assign(rules, {
        maxHouseholdIncome: ctx.london ? 90_000 : 80_000,
        minAge: 18,
        homeOwnershipStatuses: [1],
        eligibleCitizen: true,
      });
      break;
    case 'discount-market-sale':
      Object.assign(rules, { maxHouseholdIncome: 80_000, homeOwnershipStatuses: [1, 2] });
      break;
    case 'london-living-rent':
      Object.assign(rules, { maxHouseholdIncome: 67_000, homeOwnershipStatuses: [1, 2] });
      break;
    case 'rent-to-buy':
      Object.assign(rules, { maxHouseholdIncome: ctx.london ? 90_000 : 80_000, homeOwnershipStatuses: [1, 2] });
      break;
    default:
      return rules;
  }
  if (ctx.localAuthorityId !== null && rng.chance(0.35)) {
    rules.localAuthorities = [ctx.localAuthorityId];
    rules.localConnection = rng.chance(0.6) ? 'preferred' : 'required';
    if (rng.chance(0.5)) rules.firstDibsUntil = addDays(ctx.today, rng.int(14, 60));
  }
  return rules;
}

/** What the register-interest form asks (values allowed by listing-sync-schema.ts). */
export function registerInterestFieldsFor(offer: Offer, rng: Rng): { eligibilityFields: string[]; priorityFields: string[] } {
  if (offer.kind === 'market-sale' || offer.kind === 'market-rent') {
    return { eligibilityFields: rng.chance(0.5) ? ['annualHouseholdIncome'] : [], priorityFields: [] };
  }
  const eligibilityFields = ['annualHouseholdIncome', 'homeOwnershipStatus', 'eligibleCitizen', 'homePostcode'];
  if (offer.forSale) eligibilityFields.push('deposit');
  if (offer.kind === 'older-persons-shared-ownership' || offer.kind === 'first-homes') eligibilityFields.push('dateOfBirth');
  if (rng.chance(0.5)) eligibilityFields.push('workPostcode');
  const priorityFields = rng.sample(
    ['livingCircumstance', 'workingCircumstance', 'housingWaitingList', 'armedForcesMember', 'keyworker', 'dependants', 'hasDisability'],
    rng.int(1, 4),
  );
  return { eligibilityFields, priorityFields };
}
