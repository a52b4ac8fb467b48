// The words of a demo listing: descriptions, headline and search-engine fields.
import type { Offer } from './offers.ts';
import type { PropertyPayload } from './property-payload.ts';
import { cityOf, type Place } from './places.ts';
import { SELLING_POINTS } from './catalogue.ts';
import type { Rng } from './random.ts';

const OFFER_PHRASES: Record<Offer['kind'], string> = {
  'shared-ownership': 'available through Shared Ownership, so you can buy a share and pay a subsidised rent on the rest',
  'older-persons-shared-ownership': "for buyers aged 55 and over through Older People's Shared Ownership",
  'first-homes': 'sold as First Homes at 30% below market value to local first-time buyers',
  'discount-market-sale': 'for sale at 20% below market value to eligible buyers',
  'market-sale': 'for sale on the open market',
  'market-rent': 'to rent on a long tenancy direct from the landlord',
  'rent-to-buy': 'at an intermediate rent, giving you time to save a deposit and the option to buy later',
  'london-living-rent': 'at London Living Rent, set at about a third of local household incomes',
};

const HEADLINES: Record<Offer['kind'], string> = {
  'shared-ownership': 'Shared Ownership homes',
  'older-persons-shared-ownership': "Older People's Shared Ownership homes",
  'first-homes': 'First Homes',
  'discount-market-sale': 'Discount Market Sale homes',
  'market-sale': 'New homes for sale',
  'market-rent': 'Homes to rent',
  'rent-to-buy': 'Rent to Buy homes',
  'london-living-rent': 'London Living Rent homes',
};

const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const numberWord = (n: number): string => NUMBERS[n] ?? String(n);

/** "studio", "two-bedroom", "one- and two-bedroom", "studio to three-bedroom" */
export function bedroomText(homes: PropertyPayload[]): string {
  const beds = [...new Set(homes.map((h) => h.bedrooms))].sort((a, b) => a - b);
  const first = beds[0]!;
  const last = beds[beds.length - 1]!;
  const lead = first === 0 ? 'studio' : `${numberWord(first)}-`;
  if (beds.length === 1) return first === 0 ? 'studio' : `${numberWord(first)}-bedroom`;
  return `${lead} ${beds.length === 2 ? 'and' : 'to'} ${numberWord(last)}-bedroom`;
}

function kindText(homes: PropertyPayload[]): string {
  const groups = new Set(homes.map((h) => h.propertyTypeGroup));
  if (groups.size > 1) return 'homes';
  const g = [...groups][0]!;
  const single = homes.length === 1;
  if (g === 'flat') return single ? 'apartment' : 'apartments';
  if (g === 'other') return single ? 'home' : 'homes';
  return single ? g : `${g}s`;
}

export interface ListingText {
  shortDescription: string;
  longDescription: string;
  headline: string;
  titleTag: string;
  metaKeywords: string;
  metaDescription: string;
}

export function listingText(
  rng: Rng,
  o: { name: string; offer: Offer; homes: PropertyPayload[]; place: Place; area: string },
): ListingText {
  const { offer, homes, place, area } = o;
  const city = cityOf(place);
  const what = `${bedroomText(homes)} ${kindText(homes)}`;
  const intro = homes.length === 1 ? `A ${what}` : `A collection of ${numberWord(homes.length)} ${what}`;
  const points = rng.sample(SELLING_POINTS, 3);
  const has = homes.length === 1 ? 'It has' : 'The homes have';
  const shortDescription = `${intro} in ${area}, ${city}, ${OFFER_PHRASES[offer.kind]}. ${has} ${points[0]} and ${points[1]}.`.slice(
    0,
    512,
  );
  const longDescription = [
    `${o.name} brings ${homes.length === 1 ? 'a new home' : `${homes.length} new homes`} to ${area}. ${shortDescription}`,
    `Highlights include ${points[0]}, ${points[1]} and ${points[2]}. Kitchens come fully fitted with integrated appliances, and every home is built to a high standard of energy efficiency to keep bills down.`,
    `${area} ${place.blurb}.`,
    offer.forSale
      ? 'Book a viewing or register your interest today; our sales team will help you check what you can afford.'
      : 'Register your interest today and our lettings team will be in touch to arrange a viewing.',
  ].join('\n\n');
  const headline = homes.length === 1 ? `${what[0]!.toUpperCase()}${what.slice(1)} in ${area}` : `${HEADLINES[offer.kind]} in ${area}`;
  return {
    shortDescription,
    longDescription,
    headline: headline.slice(0, 255),
    titleTag: `${o.name} | ${HEADLINES[offer.kind]} in ${city}`.slice(0, 255),
    metaKeywords: [area, city, offer.label.toLowerCase(), 'new homes', bedroomText(homes)].join(', '),
    metaDescription: shortDescription.slice(0, 300),
  };
}
