// How the portal writes prices, bedrooms and dates. Prices follow the interface's price rules: any
// price may be null ("to be announced"); shared ownership shows the share, its price and the rent on
// the rest; rent shows a month and a week. Money over time is always written "a month", "a week", "a year".

/** the price fields of listing items, listing details and property details */
export interface PriceFields {
  forSale: boolean;
  isSharedOwnership: boolean;
  fullMarketPrice: number | null;
  depositValue?: number | null;
  /** the deposit this home needs at its minimum share, by the one deposit rule (the only deposit figure shown for a sale) */
  depositNeeded?: number | null;
  minSharePercentage: number | null;
  minShareValue: number | null;
  subsidisedMonthlyRent?: number | null;
  monthlyRent: number | null;
  weeklyRent?: number | null;
  /** a home sold below its open-market value (First Homes, Discount Market Sale), and how far below */
  openMarketValue?: number | null;
  discountPercentage?: number | null;
}

export const TO_BE_ANNOUNCED = 'Price to be announced';

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const poundsAndPence = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** £180,000; £219.23 when the amount has pence */
export function money(amount: number): string {
  return Number.isInteger(amount) ? pounds.format(amount) : poundsAndPence.format(amount);
}

/** a rent per week from a rent per month, as the interface computes weeklyRent */
export const weeklyFromMonthly = (monthly: number) => Math.round(((monthly * 12) / 52) * 100) / 100;

export interface PriceText {
  /** the headline: the full price, the share's price or the monthly rent */
  main: string;
  /** what qualifies the headline itself, read after it with a comma: "30% below the market value of £250,000" */
  qualifier?: string;
  /** what the headline stands for and what else is paid, one line each */
  details: string[];
}

export function priceText(p: PriceFields): PriceText {
  if (!p.forSale) {
    if (p.monthlyRent === null) return { main: TO_BE_ANNOUNCED, details: [] };
    const weekly = p.weeklyRent ?? weeklyFromMonthly(p.monthlyRent);
    return { main: `${money(p.monthlyRent)} a month`, details: [`${money(weekly)} a week`] };
  }
  if (p.isSharedOwnership) {
    if (p.minShareValue === null) {
      return { main: TO_BE_ANNOUNCED, details: p.fullMarketPrice !== null ? [`Full market value ${money(p.fullMarketPrice)}`] : [] };
    }
    const details: string[] = [];
    const share = p.minSharePercentage !== null ? `${p.minSharePercentage}% share` : 'share';
    details.push(p.fullMarketPrice !== null ? `for a ${share} of ${money(p.fullMarketPrice)}` : `for a ${share}`);
    if (p.subsidisedMonthlyRent != null) details.push(`plus ${money(p.subsidisedMonthlyRent)} a month rent on the rest`);
    return { main: money(p.minShareValue), details };
  }
  if (p.fullMarketPrice === null) return { main: TO_BE_ANNOUNCED, details: [] };
  // the deposit by the one rule (which takes in a deposit the provider states), never a second figure beside it
  const details = p.depositNeeded != null ? [`Deposit ${money(p.depositNeeded)}`] : [];
  if (p.openMarketValue != null && p.discountPercentage != null && p.discountPercentage > 0) {
    return {
      main: money(p.fullMarketPrice),
      qualifier: `${p.discountPercentage}% below the market value of ${money(p.openMarketValue)}`,
      details,
    };
  }
  return { main: money(p.fullMarketPrice), details };
}

/**
 * First Homes are sold at a discount of at least 30% on the market value (the scheme's own rule): said in
 * those words only when no figures are given (else the price names the discount and the value).
 */
export function firstHomesWithoutFigures(p: {
  forSale: boolean;
  discountPercentage?: number | null;
  schemes: readonly { text: string }[];
}): boolean {
  return p.forSale && p.discountPercentage == null && p.schemes.some((s) => /^first homes$/i.test(s.text));
}

/** what a renter pays and agrees to beside the rent (the spec's to-rent fields, often unset) */
export interface RentTermFields {
  forSale: boolean;
  rentalDeposit?: number | null;
  minTenancyMonths?: number | null;
  maxTenancyMonths?: number | null;
  /** a listing's furnishings (one per kind among its homes), or a property's */
  furnitureStatus?: readonly string[] | string | null;
}

const FURNISHING: Record<string, string> = { furnished: 'furnished', 'part-furnished': 'part-furnished', unfurnished: 'unfurnished' };

const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

/** "Deposit £1,200", "Minimum tenancy 6 months" (or "Tenancy 6 to 12 months"), "Furnished or part-furnished"; nothing for a sale */
export function rentTerms(p: RentTermFields): string[] {
  if (p.forSale) return [];
  const lines: string[] = [];
  if (p.rentalDeposit != null) lines.push(`Deposit ${money(p.rentalDeposit)}`);
  const min = p.minTenancyMonths ?? null;
  const max = p.maxTenancyMonths ?? null;
  if (min !== null && max !== null && max > min) lines.push(`Tenancy ${min} to ${months(max)}`);
  else if (min !== null) lines.push(`Minimum tenancy ${months(min)}`);
  else if (max !== null) lines.push(`Tenancy up to ${months(max)}`);
  const kinds = (typeof p.furnitureStatus === 'string' ? [p.furnitureStatus] : [...(p.furnitureStatus ?? [])])
    .map((k) => FURNISHING[k] ?? k)
    .filter((k, i, all) => all.indexOf(k) === i);
  // every kind allowed says nothing a renter can use
  if (kinds.length && kinds.length < Object.keys(FURNISHING).length) {
    const text = kinds.join(' or ');
    lines.push(text.charAt(0).toUpperCase() + text.slice(1));
  }
  return lines;
}

/**
 * A home's size and kind, once: "2 bedrooms", "Apartment"; a studio whose kind already says so is
 * "Studio apartment" alone (never "Studio · Studio apartment").
 */
export function homeKindParts(bedrooms: readonly number[] | number, propertyType: string | null | undefined): string[] {
  const rooms = bedroomsText(bedrooms);
  const type = propertyType?.trim() ?? '';
  if (rooms === 'Studio' && /\bstudio\b/i.test(type)) return [type.charAt(0).toUpperCase() + type.slice(1)];
  return [rooms, type].filter(Boolean);
}

/** a rent's or a price's headline is the monthly cost already: no second "£950 a month" beside "£950 a month" */
export const monthlyCostRepeatsRent = (p: { forSale: boolean; monthlyRent: number | null }, monthlyCost: number | null | undefined) =>
  !p.forSale && monthlyCost != null && p.monthlyRent != null && Math.round(monthlyCost) === Math.round(p.monthlyRent);

/**
 * Features once each: a value another value of the list spells out in full ("Allocated parking" beside
 * "Allocated parking space") or repeats in other letters' case is left out; sections left empty go.
 */
export function distinctFeatures(
  features: readonly { section: string; values: readonly string[] }[],
): { section: string; values: string[] }[] {
  const norm = (v: string) => v.trim().toLowerCase().replace(/\s+/g, ' ');
  const all = features.flatMap((f) => f.values.map(norm));
  const seen = new Set<string>();
  return features
    .map((f) => ({
      section: f.section,
      values: f.values.filter((v) => {
        const n = norm(v);
        if (seen.has(n) || all.some((other) => other !== n && other.startsWith(`${n} `))) return false;
        seen.add(n);
        return true;
      }),
    }))
    .filter((f) => f.values.length > 0);
}

/**
 * The bedroom counts of the homes still to be had: a sold or let home's ("closed") count only when
 * every home is sold or let (the listing's own counts take in every home).
 */
export function openBedrooms(
  all: readonly number[],
  homes: readonly { bedrooms: number; availabilityStatus: { code: string } }[],
): number[] {
  const open = homes.filter((h) => h.availabilityStatus.code !== 'closed').map((h) => h.bedrooms);
  return open.length ? [...new Set(open)].sort((a, b) => a - b) : [...all];
}

/** "Studio", "2 bedrooms", "1 to 3 bedrooms" */
export function bedroomsText(bedrooms: readonly number[] | number): string {
  const counts = (typeof bedrooms === 'number' ? [bedrooms] : [...bedrooms]).sort((a, b) => a - b);
  if (counts.length === 0) return '';
  const one = (n: number) => (n === 0 ? 'Studio' : `${n} bedroom${n === 1 ? '' : 's'}`);
  const low = counts[0]!;
  const high = counts[counts.length - 1]!;
  if (low === high) return one(low);
  return low === 0 ? `Studio to ${high} bedrooms` : `${low} to ${high} bedrooms`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** 2026-11-18 or an ISO date-time → 18 November 2026 */
export function dayText(date: string): string {
  return dayFormat.format(new Date(date.length === 10 ? `${date}T12:00:00Z` : date));
}

export function dateTimeText(dateTime: string): string {
  return dateTimeFormat.format(new Date(dateTime));
}

/** A-G energy band of a 1-100 rating, as EPCs draw it */
export function ratingBand(rating: number): 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' {
  if (rating >= 92) return 'A';
  if (rating >= 81) return 'B';
  if (rating >= 69) return 'C';
  if (rating >= 55) return 'D';
  if (rating >= 39) return 'E';
  if (rating >= 21) return 'F';
  return 'G';
}

/**
 * What one home costs a month, "£612 a month" (at its minimum share, with the deposit it needs), else
 * nothing: on a card and a listing's heading the headline home's (`monthlyCost`), the one whose price
 * is shown above it, so that every money line there is of one home; on a property, its own.
 */
export const monthlyCostText = (amount: number | null | undefined): string | null => (amount == null ? null : `${money(amount)} a month`);

/** "2.5 miles from work · 0.4 miles from home" (items' distanceFromWork, distanceFromHome), else nothing */
export function distancesText(fromWork: number | null | undefined, fromHome: number | null | undefined): string | null {
  const miles = (d: number) => `${d} ${d === 1 ? 'mile' : 'miles'}`;
  const parts = [fromWork != null ? `${miles(fromWork)} from work` : '', fromHome != null ? `${miles(fromHome)} from home` : ''].filter(
    Boolean,
  );
  return parts.length ? parts.join(' · ') : null;
}

/** How the API makes up a monthly cost, to the penny; `total` is the sum of the parts. */
export interface CostBreakdown {
  mortgage: number;
  rentOnUnsoldShare: number;
  serviceCharge: number;
  groundRent: number;
  total: number;
}

/** The lending assumptions an affordability verdict was worked out with. */
export interface LendingAssumptions {
  mortgageRatePercent: number;
  mortgageTermYears: number;
  maxLoanToIncome: number;
  minDepositPercent: number;
  maxCostToIncomePercent: number;
}

/** The home a verdict is about, with its price (which may be another home of the listing than the card's headline). */
export interface VerdictHome {
  id: number;
  name: string | null;
  fullMarketPrice: number | null;
  monthlyRent: number | null;
}

/** The figures of an `affordability` the API gives for a household (a share, or the whole home, or the rent). */
export interface AffordabilityFigures {
  status: 'affordable' | 'unaffordable' | 'unknown';
  /** the home the figures are of, by its name in the listing */
  propertyNumber?: string | null;
  property?: VerdictHome | null;
  share: number | null;
  shareValue?: number | null;
  deposit?: number | null;
  mortgage?: number | null;
  monthlyCost: number | null;
  costToIncomePercent: number | null;
  depositNeeded?: number | null;
  breakdown?: CostBreakdown | null;
  reasons: string[];
  assumptions?: LendingAssumptions;
}

/** The monthly figure shown beside a verdict: the breakdown's total (so that the parts add up to it), else the whole pounds. */
const monthlyFigure = (a: AffordabilityFigures): number | null => a.breakdown?.total ?? a.monthlyCost;

/** "Plot 1, £225,000" or "Flat 2, £950 a month": which home a verdict is about, and its price; null when not known. */
export function verdictHomeText(a: AffordabilityFigures): string | null {
  const home = a.property;
  if (!home) return a.propertyNumber ?? null;
  const price =
    home.fullMarketPrice != null ? money(home.fullMarketPrice) : home.monthlyRent != null ? `${money(home.monthlyRent)} a month` : null;
  const text = [home.name, price].filter(Boolean).join(', ');
  return text || null;
}

/**
 * "Plot 1, £225,000: a 50% share at £865.77 a month, 27.1% of your income" (what an affordable home would
 * cost this household), naming the home and its price, for it may be another home than the card's
 * headline. A figure worked out with the household's own savings (more than the deposit needed) says so:
 * "… with your £30,000 savings", so that it never reads as a second price of the home. `named`: false
 * on a home's own page, which is the home.
 */
export function affordableText(a: AffordabilityFigures, named = true): string | null {
  const monthly = monthlyFigure(a);
  if (monthly === null) return null;
  const home = named ? verdictHomeText(a) : null;
  const shared = a.share != null && a.share < 100;
  const savings =
    a.deposit != null && a.depositNeeded != null && a.deposit > a.depositNeeded ? ` with your ${money(a.deposit)} savings` : '';
  const income = a.costToIncomePercent !== null ? `, ${a.costToIncomePercent}% of your income` : '';
  const cost = `${shared ? `a ${a.share}% share at ` : ''}${money(monthly)} a month${savings}${income}`;
  return home ? `${home}: ${cost}` : `${cost.charAt(0).toUpperCase()}${cost.slice(1)}`;
}

/** The lines of "how we worked this out": each part of the monthly cost that is not nothing, then the total. */
export function breakdownLines(a: AffordabilityFigures): { label: string; amount: number }[] {
  const b = a.breakdown;
  if (!b) return [];
  const loan = a.mortgage != null && a.mortgage > 0 ? ` on a loan of ${money(a.mortgage)}` : '';
  const lines = [
    { label: `Mortgage${loan}`, amount: b.mortgage },
    { label: 'Rent on the unsold share', amount: b.rentOnUnsoldShare },
    { label: 'Service charge', amount: b.serviceCharge },
    { label: 'Ground rent', amount: b.groundRent },
  ].filter((l, i) => (i === 0 ? a.mortgage != null : l.amount > 0));
  // to rent: the rent is the whole of it
  return lines.length ? lines : b.total > 0 ? [{ label: 'Rent', amount: b.total }] : [];
}

/** "A 4.5% mortgage over 25 years, at most 4.5 times your income, a deposit of at least 5% of the share, and at most 40% of your income on the home." */
export function assumptionsText(x: LendingAssumptions | undefined): string | null {
  if (!x) return null;
  return `We assumed a ${x.mortgageRatePercent}% mortgage over ${x.mortgageTermYears} years, lending of at most ${x.maxLoanToIncome} times your household income, a deposit of at least ${x.minDepositPercent}% (or more where this home asks it), and at most ${x.maxCostToIncomePercent}% of your gross income going on the home.`;
}

/**
 * The figure a list is ordered by, which its cards print in bold: the price under a price sort (for
 * shared ownership the full price, which the sort orders by), the monthly cost under the monthly-cost
 * sort; null when the order is not by money.
 */
export type CardLead = 'price' | 'monthly-cost' | null;

export function cardLeadOf(sortBy: string | null): CardLead {
  if (sortBy === 'price-low-high' || sortBy === 'price-high-low') return 'price';
  if (sortBy === 'monthly-cost-low-high') return 'monthly-cost';
  return null;
}

/**
 * A card's price: under a price sort, shared ownership leads with its full price and says the share after
 * it ("share from £50,000 (25%)"); otherwise as priceText.
 */
export function cardPriceText(p: PriceFields, lead: CardLead): PriceText {
  const text = priceText(p);
  if (lead !== 'price' || !p.forSale || !p.isSharedOwnership || p.fullMarketPrice === null) return text;
  const share = p.minShareValue === null ? [] : [`share from ${money(p.minShareValue)}${p.minSharePercentage !== null ? ` (${p.minSharePercentage}%)` : ''}`];
  const rent = p.subsidisedMonthlyRent != null ? [`plus ${money(p.subsidisedMonthlyRent)} a month rent on the rest`] : [];
  return { main: money(p.fullMarketPrice), details: [...share, ...rent] };
}

const londonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
/** a reduction is news for this many days (the interface's priceReducedOn window) */
const REDUCTION_DAYS = 30;

/**
 * The day of a home's latest price reduction while it is news (within the last 30 days), else null: the
 * reduction of a home other than the listing's headline, said beside that home.
 */
export function recentReductionOf(history: readonly { date: string; change: string }[], today = new Date()): string | null {
  const cutoff = new Date(`${londonDay.format(today)}T00:00:00Z`);
  cutoff.setUTCDate(cutoff.getUTCDate() - REDUCTION_DAYS);
  const from = cutoff.toISOString().slice(0, 10);
  const latest = history.filter((e) => e.change === 'reduced').reduce<string | null>((a, e) => (a === null || e.date > a ? e.date : a), null);
  return latest !== null && latest >= from ? latest : null;
}

/** a facet's option as the filters offer it: one name, the values it stands for, their homes */
export interface OptionGroup {
  text: string;
  values: string[];
  count: number;
}

/**
 * A feature facet's options once each, as distinctFeatures says features: a value another spells out in
 * full ("Allocated parking" beside "Allocated parking space") or repeats in other letters' case is offered
 * under the fullest name, standing for both, with both counts.
 */
export function foldFeatureOptions(options: readonly { value: string | number; text: string; count: number }[]): OptionGroup[] {
  const norm = (v: string) => v.trim().toLowerCase().replace(/\s+/g, ' ');
  const fullest = (n: string) =>
    options.map((o) => String(o.value)).filter((o) => norm(o) === n || norm(o).startsWith(`${n} `)).sort((a, b) => norm(b).length - norm(a).length || (a < b ? -1 : 1))[0]!;
  const groups = new Map<string, OptionGroup>();
  for (const option of options) {
    const value = String(option.value);
    const into = fullest(norm(value));
    const group = groups.get(norm(into)) ?? { text: options.find((o) => String(o.value) === into)!.text, values: [], count: 0 };
    group.values.push(value);
    group.count += option.count;
    groups.set(norm(into), group);
  }
  return [...groups.values()];
}
