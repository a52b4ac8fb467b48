// A listing as an integrator would PUT it (every field given, as the schema's defaults would fill it).
import type { Rng } from './random.ts';
import type { Place } from './places.ts';
import { eligibilityFor, registerInterestFieldsFor, type Eligibility, type Offer } from './offers.ts';
import type { ListingMood, PropertyPayload } from './property-payload.ts';
import { listingText, type ListingText } from './listing-text.ts';
import { gallery, imageSet, type ImageSet } from './images.ts';
import { partnerSourceFor } from './accounts.ts';
import { addDays, londonIso, nextWeekday } from './dates.ts';

export interface OpenDay {
  date: string;
  time: string;
  durationMin: number;
  capacity: number;
}

export interface ListingPayload extends ListingText {
  externalRef: string;
  development: string;
  properties: string[];
  name: string;
  slug: string | null;
  forSale: boolean;
  schemes: string[];
  displayAs: 'featured' | 'premium' | 'regular';
  mainImage: ImageSet;
  galleryImages: ReturnType<typeof gallery>;
  termsAndConditions: string | null;
  disclaimer: string | null;
  depositPercentage: number | null;
  eligibility: Eligibility;
  registerInterestFields: { eligibilityFields: string[]; priorityFields: string[] };
  published: boolean;
  publishAt: string | null;
  portals: number[];
  partnerSources: string[];
  openDays: OpenDay[];
}

export interface ListingFacts {
  ref: string;
  development: string;
  name: string;
  slug: string | null;
  offer: Offer;
  mood: ListingMood;
  homes: PropertyPayload[];
  place: Place;
  area: string;
  localAuthorityId: number | null;
  today: string;
}

const CAPTIONS = ['Exterior', 'Living area', 'Kitchen', 'Bedroom', 'Bathroom', 'Balcony view', 'Garden', 'Street scene'];

const TERMS: Partial<Record<Offer['kind'], string>> = {
  'shared-ownership':
    'Shared Ownership homes are subject to eligibility criteria and an affordability assessment. Rent is payable on the share you do not own.',
  'older-persons-shared-ownership':
    "Older People's Shared Ownership is for buyers aged 55 and over. Rent is payable on the share you do not own, up to a 75% share.",
  'first-homes': 'First Homes are for first-time buyers with a local connection; the discount stays with the home when it is sold on.',
  'discount-market-sale': 'The discount applies on every future sale; buyers must meet the local eligibility criteria.',
  'london-living-rent': 'London Living Rent homes are for households saving to buy who currently rent in London.',
  'rent-to-buy': 'Tenants are expected to save towards a deposit and to buy within five years.',
};

function openDaysFor(rng: Rng, today: string): OpenDay[] {
  const count = rng.int(1, 3);
  return Array.from({ length: count }, (_, k) => ({
    date: k === 2 ? nextWeekday(today, 3) : nextWeekday(today, 6, k), // Saturdays, and one Wednesday evening
    time: k === 2 ? '18:00' : rng.pick(['10:00', '11:00', '12:30', '14:00']),
    durationMin: rng.pick([30, 45, 60]),
    capacity: rng.int(4, 20),
  }));
}

export function listingPayload(f: ListingFacts, rng: Rng): ListingPayload {
  const london = f.place.group === 'london';
  const partner = partnerSourceFor(f.place.group);
  const published = !rng.chance(0.04);
  const text = listingText(rng, { name: f.name, offer: f.offer, homes: f.homes, place: f.place, area: f.area });
  return {
    externalRef: f.ref,
    development: f.development,
    properties: f.homes.map((h) => h.externalRef),
    name: f.name,
    slug: f.slug,
    forSale: f.offer.forSale,
    schemes: [f.offer.scheme],
    displayAs: rng.weighted([
      ['featured', 10],
      ['premium', 15],
      ['regular', 75],
    ] as const),
    ...text,
    mainImage: imageSet(`listings/${f.ref}/main`),
    galleryImages: gallery(`listings/${f.ref}`, rng.sample(CAPTIONS, rng.int(3, 6)), f.name),
    termsAndConditions: TERMS[f.offer.kind] ?? null,
    disclaimer: 'Images are computer generated and for illustration only. Prices and availability were correct when published.',
    depositPercentage: f.offer.forSale ? rng.pick([5, 10]) : null,
    eligibility: eligibilityFor(f.offer, rng, { london, localAuthorityId: f.localAuthorityId, today: f.today }),
    registerInterestFields: registerInterestFieldsFor(f.offer, rng),
    published,
    publishAt: published && rng.chance(0.05) ? londonIso(addDays(f.today, rng.int(3, 21)), '09:00') : null,
    portals: london && rng.chance(0.3) ? [2] : [],
    partnerSources: partner && rng.chance(0.2) ? [partner] : [],
    openDays: f.mood !== 'closed' && rng.chance(0.55) ? openDaysFor(rng, f.today) : [],
  };
}
