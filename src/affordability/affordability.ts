// What a home costs a household (PORTAL-EXTRAS §7 and §10): the one owner of this arithmetic — the
// share, the deposit it needs (one rule), the loan, the repayment, the rent on the unsold share, the
// charges, the verdict and its reasons. Used by indexing (monthlyCostFrom, the thresholds affordable_only
// filters on), search, listing reads and register interest's decision alike, so no two can drift.
// Pure: the lending assumptions come in as a value. (Eligibility's rules sit beside it in
// eligibility/eligibility-rules.ts, which takes this module's verdict on money.)
import { formatNumber, formatPounds } from '../core/number-format.ts';
import { monthlyRepayment, type LendingAssumptions } from './lending.ts';

/** The price fields of a property that its monthly cost is made of (as price-rules.ts presents them). */
export interface CostedProperty {
  id: number;
  forSale: boolean;
  isSharedOwnership: boolean;
  fullMarketPrice: number | null;
  minSharePercentage: number | null;
  subsidisedMonthlyRent: number | null;
  monthlyServiceCharge: number | null;
  annualGroundRent: number | null;
  monthlyRent: number | null;
  /** its availability code (inventory/availability.ts), which breaks ties as the headline choice does */
  availabilityStatus?: string;
  /** the home's name within its listing, to say which home the figures are of */
  propertyNumber?: string | null;
  /** the listing's minimum deposit, as a percentage of the share's value (absent in older stored facts) */
  depositPercentage?: number | null;
  /** the listing's eligibility minimum deposit, pounds */
  minDeposit?: number | null;
  /** the deposit the home itself states, pounds: a standard sale's price fields' depositValue (the provider's, else the listing's percentage of the price), or the provider's own depositValue of a shared-ownership home */
  statedDeposit?: number | null;
  /** the listing's eligibility maximum household income, pounds a year */
  maxHouseholdIncome?: number | null;
}

export interface Household {
  /** yearly household income, pounds */
  income: number;
  /** savings for a deposit, pounds (0 when unknown) */
  deposit: number;
}

export type AffordabilityStatus = 'affordable' | 'unaffordable' | 'unknown';

/** The lending assumptions an affordability verdict states it used (PORTAL-EXTRAS §10). */
export interface StatedAssumptions {
  mortgageRatePercent: number;
  mortgageTermYears: number;
  maxLoanToIncome: number;
  minDepositPercent: number;
  maxCostToIncomePercent: number;
}

/** How the monthly cost is made up, to the penny; `total` is the sum of the parts as shown. */
export interface CostBreakdown {
  mortgage: number;
  rentOnUnsoldShare: number;
  serviceCharge: number;
  groundRent: number;
  total: number;
}

/** The home a verdict is about, with its price, so that whoever shows the verdict can say which home it is. */
export interface VerdictHome {
  id: number;
  /** its name within the listing */
  name: string | null;
  fullMarketPrice: number | null;
  monthlyRent: number | null;
}

export interface Affordability {
  /** the home whose figures these are (null when nothing is known) */
  propertyId: number | null;
  propertyNumber: string | null;
  /** the same home with its price (null when nothing is known) */
  property: VerdictHome | null;
  status: AffordabilityStatus;
  share: number | null;
  shareValue: number | null;
  deposit: number | null;
  mortgage: number | null;
  monthlyMortgage: number | null;
  monthlyRent: number | null;
  monthlyServiceCharge: number | null;
  monthlyCost: number | null;
  costToIncomePercent: number | null;
  /** the deposit the reported share needs (the one deposit rule; null to rent) */
  depositNeeded: number | null;
  breakdown: CostBreakdown | null;
  reasons: string[];
  assumptions: StatedAssumptions;
}

/** Whole pounds, half up. */
const pounds = (x: number): number => Math.floor(x + 0.5);
const oneDecimal = (x: number): number => Math.floor(x * 10 + 0.5) / 10;
const pence = (x: number): number => Math.floor(x * 100 + 0.5) / 100;
/** Shared-ownership shares above the minimum that a buyer may be asked to take: multiples of 5 up to 75. */
const LARGEST_SHARE = 75;

/** The share a sale is costed at: its minimum share in shared ownership, else 100; null when unknown. */
function minimumShare(p: CostedProperty): number | null {
  if (!p.isSharedOwnership) return 100;
  return p.minSharePercentage !== null && p.minSharePercentage > 0 && p.minSharePercentage <= 100 ? p.minSharePercentage : null;
}

function priceKnown(p: CostedProperty): boolean {
  return p.forSale ? p.fullMarketPrice !== null && minimumShare(p) !== null : p.monthlyRent !== null;
}

interface ShareCosting {
  share: number;
  shareValue: number;
  /** the deposit put down: the savings up to the share's value, and never less than the share needs */
  deposit: number;
  loan: number;
  repayment: number;
  /** the rent on the unsold share */
  rent: number;
  serviceCharge: number;
  /** a twelfth of the yearly ground rent */
  groundRent: number;
  /** repayment + rent + service charge + ground rent / 12, unrounded */
  monthlyCost: number;
}

/**
 * The one deposit rule (PORTAL-EXTRAS §10): the deposit a share of this value needs is the largest of
 * `minDepositPercent`% of it, the listing's `depositPercentage`% of it and the listing's `minDeposit`,
 * and the deposit the property states (its provider's `depositValue`; a standard sale's price fields'),
 * so that no figure the portal shows asks less than the provider does.
 */
export function depositNeededFor(p: CostedProperty, shareValue: number, lending: LendingAssumptions): number {
  return Math.max((shareValue * lending.minDepositPercent) / 100, (shareValue * (p.depositPercentage ?? 0)) / 100, p.minDeposit ?? 0, p.statedDeposit ?? 0);
}

/** The deposit the minimum share needs (property details' `depositNeeded`), pounds to the penny; null to rent or when the price is unknown. */
export function depositNeededOf(p: CostedProperty, lending: LendingAssumptions): number | null {
  if (!p.forSale || !priceKnown(p)) return null;
  return pence(depositNeededFor(p, (p.fullMarketPrice! * minimumShare(p)!) / 100, lending));
}

export function statedAssumptions(lending: LendingAssumptions): StatedAssumptions {
  return {
    mortgageRatePercent: lending.mortgageRatePercent,
    mortgageTermYears: lending.mortgageTermYears,
    maxLoanToIncome: lending.maxLoanToIncome,
    minDepositPercent: lending.minDepositPercent,
    maxCostToIncomePercent: lending.maxCostToIncomePercent,
  };
}

/** The rent on the unsold share when `share` is bought: the minimum share's rent scaled by (100 − share)/(100 − minimum). */
export function unsoldShareRent(p: CostedProperty, share: number): number {
  const min = minimumShare(p)!;
  const minShareRent = p.isSharedOwnership ? (p.subsidisedMonthlyRent ?? 0) : 0;
  return share === min ? minShareRent : min >= 100 ? 0 : (minShareRent * (100 - share)) / (100 - min);
}

/**
 * A share costed with these savings put down. Savings below the deposit the share needs cannot buy it:
 * the figures are then those at the deposit needed (the one figure the card shows for the home), never
 * a cheaper-looking breakdown at a deposit no lender would take (PORTAL-EXTRAS §10).
 */
function costAt(p: CostedProperty, share: number, savings: number, lending: LendingAssumptions): ShareCosting {
  const shareValue = (p.fullMarketPrice! * share) / 100;
  const deposit = Math.min(Math.max(savings, depositNeededFor(p, shareValue, lending)), shareValue);
  const loan = shareValue - deposit;
  const repayment = monthlyRepayment(loan, lending);
  const rent = unsoldShareRent(p, share);
  const serviceCharge = p.monthlyServiceCharge ?? 0;
  const groundRent = (p.annualGroundRent ?? 0) / 12;
  return { share, shareValue, deposit, loan, repayment, rent, serviceCharge, groundRent, monthlyCost: repayment + rent + serviceCharge + groundRent };
}

/**
 * The monthly cost of one property, whole pounds: at its minimum share with the deposit it needs (the
 * one deposit rule); to rent, the rent.
 */
export function monthlyCostOf(p: CostedProperty, lending: LendingAssumptions): number | null {
  if (!priceKnown(p)) return null;
  if (!p.forSale) return pounds(p.monthlyRent!);
  const share = minimumShare(p)!;
  const shareValue = (p.fullMarketPrice! * share) / 100;
  return pounds(costAt(p, share, Math.min(depositNeededFor(p, shareValue, lending), shareValue), lending).monthlyCost);
}

/** The lowest monthly cost among these properties (the caller gives the pool: listings/listing-affordability.ts); null when no price is known. */
export function lowestMonthlyCost(properties: readonly CostedProperty[], lending: LendingAssumptions): number | null {
  let lowest: number | null = null;
  for (const p of properties) {
    const c = monthlyCostOf(p, lending);
    if (c !== null && (lowest === null || c < lowest)) lowest = c;
  }
  return lowest;
}

/** The conditions a share fails for this household, each as a sentence with its figures (none: affordable). */
function failures(p: CostedProperty, c: ShareCosting, h: Household, lending: LendingAssumptions): string[] {
  const what = p.isSharedOwnership ? `A ${formatNumber(c.share)}% share` : 'This home';
  const reasons: string[] = [...incomeCapFailure(p, h)];
  const needed = depositNeededFor(p, c.shareValue, lending);
  if (h.deposit < needed) reasons.push(`${what} needs a deposit of ${formatPounds(needed)}; you have ${formatPounds(h.deposit)}.`);
  const maxLoan = lending.maxLoanToIncome * h.income;
  if (c.loan > maxLoan) {
    reasons.push(`${what} needs a mortgage of ${formatPounds(c.loan)}; lenders lend up to ${formatNumber(lending.maxLoanToIncome)} times your income, ${formatPounds(maxLoan)}.`);
  }
  const maxCost = (lending.maxCostToIncomePercent * h.income) / 1200;
  if (c.monthlyCost > maxCost) {
    const share = h.income > 0 ? `, ${formatNumber(oneDecimal((c.monthlyCost * 1200) / h.income))}% of your income` : '';
    reasons.push(`${what} would cost ${formatPounds(c.monthlyCost)} a month${share}; it should take at most ${formatNumber(lending.maxCostToIncomePercent)}% of your income, ${formatPounds(maxCost)} a month.`);
  }
  return reasons;
}

/** The listing's cap on household income: a household above it cannot buy or rent here (eligibility's income rule, stated as money). */
function incomeCapFailure(p: CostedProperty, h: Household): string[] {
  const cap = p.maxHouseholdIncome;
  return cap != null && h.income > cap ? [`This home is for households earning up to ${formatPounds(cap)} a year; yours is ${formatPounds(h.income)}.`] : [];
}

const costToIncome = (monthlyCost: number, income: number): number | null => (income > 0 ? oneDecimal((monthlyCost * 1200) / income) : null);

function breakdownOf(repayment: number, rent: number, serviceCharge: number, groundRent: number): CostBreakdown {
  const parts = { mortgage: pence(repayment), rentOnUnsoldShare: pence(rent), serviceCharge: pence(serviceCharge), groundRent: pence(groundRent) };
  return { ...parts, total: pence(parts.mortgage + parts.rentOnUnsoldShare + parts.serviceCharge + parts.groundRent) };
}

function saleFigures(p: CostedProperty, c: ShareCosting, status: AffordabilityStatus, h: Household, reasons: string[], lending: LendingAssumptions): Affordability {
  const shared = p.isSharedOwnership;
  return {
    propertyId: p.id,
    propertyNumber: p.propertyNumber ?? null,
    property: verdictHome(p),
    status,
    share: c.share,
    shareValue: pounds(c.shareValue),
    deposit: pounds(c.deposit),
    mortgage: pounds(c.loan),
    monthlyMortgage: pounds(c.repayment),
    monthlyRent: shared ? pounds(c.rent) : null,
    monthlyServiceCharge: c.serviceCharge ? pounds(c.serviceCharge) : null,
    monthlyCost: pounds(c.monthlyCost),
    costToIncomePercent: costToIncome(c.monthlyCost, h.income),
    depositNeeded: pence(depositNeededFor(p, c.shareValue, lending)),
    breakdown: breakdownOf(c.repayment, c.rent, c.serviceCharge, c.groundRent),
    reasons,
    assumptions: statedAssumptions(lending),
  };
}

/** Nothing known: no price, or no property. */
export const UNKNOWN_AFFORDABILITY: Omit<Affordability, 'assumptions'> = Object.freeze({
  propertyId: null,
  propertyNumber: null,
  property: null,
  status: 'unknown',
  share: null,
  shareValue: null,
  deposit: null,
  mortgage: null,
  monthlyMortgage: null,
  monthlyRent: null,
  monthlyServiceCharge: null,
  monthlyCost: null,
  costToIncomePercent: null,
  depositNeeded: null,
  breakdown: null,
  reasons: [],
}) as Omit<Affordability, 'assumptions'>;

/** Nothing known, with the assumptions that would have been used. */
export function unknownAffordability(lending: LendingAssumptions, p?: CostedProperty): Affordability {
  return { ...UNKNOWN_AFFORDABILITY, propertyId: p?.id ?? null, propertyNumber: p?.propertyNumber ?? null, property: p ? verdictHome(p) : null, reasons: [], assumptions: statedAssumptions(lending) };
}

/** The home a verdict is about, by its name and price (PORTAL-EXTRAS §10: a verdict names its home). */
export function verdictHome(p: CostedProperty): VerdictHome {
  return { id: p.id, name: p.propertyNumber ?? null, fullMarketPrice: p.forSale ? p.fullMarketPrice : null, monthlyRent: p.forSale ? null : p.monthlyRent };
}

/** The shares a buyer may take: the minimum and every multiple of 5 above it up to 75 (100 outside shared ownership). */
export function sharesOf(p: CostedProperty): number[] {
  const min = minimumShare(p);
  if (min === null) return [];
  if (!p.isSharedOwnership) return [100];
  const shares = [min];
  for (let s = Math.floor(min / 5) * 5 + 5; s <= LARGEST_SHARE; s += 5) shares.push(s);
  return shares;
}

/**
 * Whether, and at what share, this household can afford one property, with the figures and, when not,
 * why. The share reported is the largest affordable one; with `maxMonthlyCost` (the search's budget),
 * the largest affordable one whose monthly cost is within it, when there is one.
 */
export function affordabilityOf(p: CostedProperty, h: Household, lending: LendingAssumptions, maxMonthlyCost: number | null = null): Affordability {
  if (!priceKnown(p)) return unknownAffordability(lending, p);
  if (!p.forSale) {
    const rent = p.monthlyRent!;
    const needed = lending.rentIncomeMultiple * rent;
    const reasons = [...incomeCapFailure(p, h)];
    if (h.income < needed) reasons.push(`The rent of ${formatPounds(rent)} a month needs a household income of ${formatPounds(needed)} a year (${formatNumber(lending.rentIncomeMultiple)} times the rent); yours is ${formatPounds(h.income)}.`);
    return {
      ...unknownAffordability(lending, p),
      status: reasons.length === 0 ? 'affordable' : 'unaffordable',
      monthlyRent: pounds(rent),
      monthlyCost: pounds(rent),
      costToIncomePercent: costToIncome(rent, h.income),
      breakdown: { mortgage: 0, rentOnUnsoldShare: 0, serviceCharge: 0, groundRent: 0, total: pence(rent) },
      reasons,
    };
  }
  let largest: ShareCosting | null = null;
  let largestWithin: ShareCosting | null = null;
  for (const share of sharesOf(p)) {
    const c = costAt(p, share, h.deposit, lending);
    if (failures(p, c, h, lending).length > 0) continue;
    largest = c;
    if (maxMonthlyCost !== null && pounds(c.monthlyCost) <= maxMonthlyCost) largestWithin = c;
  }
  const chosen = largestWithin ?? largest;
  if (chosen) return saleFigures(p, chosen, 'affordable', h, [], lending);
  const atMinimum = costAt(p, minimumShare(p)!, h.deposit, lending);
  return saleFigures(p, atMinimum, 'unaffordable', h, failures(p, atMinimum, h, lending), lending);
}

/** Whether the household can afford the property at its minimum share (what affordable_only asks). */
export function affordableAtMinimumShare(p: CostedProperty, h: Household, lending: LendingAssumptions): boolean {
  if (!priceKnown(p)) return false;
  if (!p.forSale) return incomeCapFailure(p, h).length === 0 && h.income >= lending.rentIncomeMultiple * p.monthlyRent!;
  return failures(p, costAt(p, minimumShare(p)!, h.deposit, lending), h, lending).length === 0;
}
