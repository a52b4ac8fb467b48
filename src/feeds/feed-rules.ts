// The rules both formats share once a record's values are read: what makes a row no home, the price
// (sale, rent, shared ownership), the type read the way a person would, text lengths, and the address.
import { normalisePostcode } from '../postcodes/postcode-format.ts';
import { COUNCIL_TAX_BANDS } from '../inventory/material-information.ts';
import { COMING_SOON, looksLikeNotAHome, POA, PRICE_QUALIFIERS, propertyTypeOf, SHARED_OWNERSHIP_QUALIFIERS, type TypeGroup } from './feed-codes.ts';
import { fullValueOf, type FeedFieldError, type SharedOwnershipPrice } from './feed-home.ts';
import { truncateWords, withoutControls } from './feed-text.ts';

export class RowProblems {
  readonly errors: FeedFieldError[] = [];
  readonly warnings: string[] = [];
  error(field: string, message: string): void {
    this.errors.push({ field, message });
  }
  warn(message: string | null): void {
    if (message) this.warnings.push(message);
  }
}

export function postcodeOf(problems: RowProblems, field: string, text: string): string | null {
  if (text.trim() === '') {
    problems.error(field, 'no postcode: a home needs one to be placed on the map and found by area');
    return null;
  }
  const postcode = normalisePostcode(text.trim());
  if (!postcode) problems.error(field, `${text.trim()} is not a UK postcode`);
  return postcode;
}

const HOME_WORDS: [RegExp, string, TypeGroup][] = [
  [/\bbungalows?\b/i, 'Bungalow', 'bungalow'],
  [/\bmaisonettes?\b/i, 'Maisonette', 'maisonette'],
  [/\b(flats?|apartments?|penthouse|studio)\b/i, 'Flat', 'flat'],
  [/\bcottages?\b/i, 'Cottage', 'house'],
  [/\b(farmhouses?|houses?|homes?|residences?)\b/i, 'House', 'house'],
];

/** The home the advert's words name first, with where they name it. */
function describedHome(words: string): { at: number; label: string; group: TypeGroup } | null {
  const found = HOME_WORDS.flatMap(([re, label, group]) => {
    const m = re.exec(words);
    return m ? [{ at: m.index, label, group }] : [];
  });
  return found.sort((a, b) => a.at - b.at)[0] ?? null;
}

/**
 * The type from Rightmove's code, read with the words of the advert as a person would: land or a
 * commercial type whose advert is first of all about a house ("a detached house plus a building plot")
 * is the house it describes; a home type with no bedrooms whose advert is first of all about a parking
 * space or a plot is no home.
 */
export function typeOf(problems: RowProblems, field: string, code: number | null, bedrooms: number | null, words: string): { label: string; group: TypeGroup } | null {
  const typed = propertyTypeOf(code);
  const notAHome = looksLikeNotAHome(0, words);
  const notAHomeAt = notAHome === null ? Infinity : words.toLowerCase().indexOf(notAHome);
  const described = describedHome(words);
  const aboutAHome = described !== null && described.at < notAHomeAt;
  if ('notAHome' in typed) {
    if (aboutAHome) {
      problems.warn(`typed as ${typed.notAHome} (${code}), but the advert describes a ${described.label.toLowerCase()}: listed as one`);
      return { label: described.label, group: described.group };
    }
    problems.error(field, `${typed.notAHome} is not a home`);
    return null;
  }
  if (notAHome && (bedrooms ?? 0) === 0 && !aboutAHome) {
    problems.error(field, `typed as a home, but the advert is for a ${notAHome}, which is not a home`);
    return null;
  }
  if ('unknown' in typed) {
    problems.warn(code === null ? 'no property type given' : `property type ${code} is not known here: shown as "Not specified"`);
    return { label: 'Not specified', group: 'other' };
  }
  return typed;
}

export interface PriceInput {
  forSale: boolean;
  price: number | null;
  qualifier: number | null;
  /** the feed says shared ownership (a flag, or a qualifier of 9 or 11) */
  sharedOwnership: boolean;
  sharePercent: number | null;
  meaning: SharedOwnershipPrice;
  /** monthly from the rent and its frequency; null when the frequency cannot be a monthly rent */
  monthlyRent: (rent: number) => { monthly: number; note: string | null } | null;
}

export interface PriceResult {
  fullMarketPrice: number | null;
  monthlyRent: number | null;
  isSharedOwnership: boolean;
  minSharePercentage: number | null;
  comingSoon: boolean;
  schemes: string[];
}

export function priceOf(problems: RowProblems, field: string, frequencyField: string, p: PriceInput): PriceResult | null {
  if (p.price === null || p.price === 0) {
    problems.error(field, p.qualifier === POA ? 'price on application: a home is listed with its price' : 'no price');
    return null;
  }
  if (Number.isNaN(p.price)) {
    problems.error(field, 'not a price');
    return null;
  }
  if (p.price < 0) {
    problems.error(field, `a negative price (${p.price.toLocaleString('en-GB')})`);
    return null;
  }
  const shared = p.forSale && (p.sharedOwnership || SHARED_OWNERSHIP_QUALIFIERS.includes(p.qualifier ?? -1));
  const named = p.qualifier === null ? undefined : PRICE_QUALIFIERS[p.qualifier];
  if (p.qualifier === 12) problems.warn('shared equity is not shown: the price appears as the full price');
  else if (named && ![0, 9, 11, 16].includes(p.qualifier!)) problems.warn(`the price qualifier "${named}" is not shown: the price appears on its own`);
  if (!p.forSale) {
    const rent = p.monthlyRent(p.price);
    if (!rent) {
      problems.error(frequencyField, 'a rent per person (or of this frequency) is not a monthly rent of the home');
      return null;
    }
    problems.warn(rent.note);
    return { fullMarketPrice: null, monthlyRent: Math.round(rent.monthly * 100) / 100, isSharedOwnership: false, minSharePercentage: null, comingSoon: p.qualifier === COMING_SOON, schemes: [] };
  }
  const full = fullValueOf(p.price, shared, p.sharePercent, p.meaning);
  if (full === null) {
    problems.error(field, 'this account sends shared-ownership prices as the price of the share, and no share percentage was given to work out the full value');
    return null;
  }
  if (shared && p.sharePercent === null) problems.warn('shared ownership without a share percentage: the minimum share is not shown');
  return {
    fullMarketPrice: full,
    monthlyRent: null,
    isSharedOwnership: shared,
    minSharePercentage: shared ? p.sharePercent : null,
    comingSoon: p.qualifier === COMING_SOON,
    schemes: shared ? ['shared-ownership'] : [],
  };
}

export function councilTaxBandOf(problems: RowProblems, text: string): string | null {
  const band = text.trim().toUpperCase();
  if (band === '') return null;
  if ((COUNCIL_TAX_BANDS as readonly string[]).includes(band)) return band;
  problems.warn(`council tax band ${text.trim()} is not a band A to I: shown as "Ask the provider"`);
  return null;
}

/** At most `max` characters, with a warning when cut. */
export function fitted(problems: RowProblems, what: string, text: string, max: number): string {
  if (text.length <= max) return text;
  problems.warn(`${what} is longer than ${max.toLocaleString('en-GB')} characters: cut`);
  return truncateWords(text, max);
}

/** An address part without the quotes and trailing commas CRMs leave in it. */
/** An address line: quotes and control characters gone, white space collapsed, no trailing comma. */
export function addressPart(text: string | undefined): string {
  const line = withoutControls(text ?? '').replace(/["“”]/g, '').replace(/\s+/g, ' ');
  // a loop, not `/[\s,]+$/`, which is quadratic in a long run of commas or spaces
  const start = line.startsWith(' ') ? 1 : 0;
  let end = line.length;
  while (end > start && (line[end - 1] === ' ' || line[end - 1] === ',')) end--;
  return line.slice(start, end);
}

/** A development's name compared as a person would: case, quotes, punctuation and spaces aside. */
export const nameKey = (text: string) => addressPart(text).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

export const isHttpUrl = (text: string) => /^https?:\/\/[^\s]+$/i.test(text.trim());
