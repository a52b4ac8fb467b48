// What a home costs a month and whether a household can afford it (PORTAL-EXTRAS §7): the one owner of
// this arithmetic, used by indexing (monthlyCostFrom, the thresholds affordable_only filters on), search
// and listing reads alike. Pure: the lending assumptions come in as a value.
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
}

export interface Household {
  /** yearly household income, pounds */
  income: number;
  /** savings for a deposit, pounds (0 when unknown) */
  deposit: number;
}

export type AffordabilityStatus = 'affordable' | 'unaffordable' | 'unknown';

export interface Affordability {
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
  reasons: string[];
}

/** Whole pounds, half up. */
const pounds = (x: number): number => Math.floor(x + 0.5);
const oneDecimal = (x: number): number => Math.floor(x * 10 + 0.5) / 10;
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
  /** the savings put down: all of them up to the share's value */
  deposit: number;
  loan: number;
  repayment: number;
  /** the rent on the unsold share */
  rent: number;
  serviceCharge: number;
  /** repayment + rent + service charge + ground rent / 12, unrounded */
  monthlyCost: number;
}

function costAt(p: CostedProperty, share: number, savings: number, lending: LendingAssumptions): ShareCosting {
  const min = minimumShare(p)!;
  const shareValue = (p.fullMarketPrice! * share) / 100;
  const deposit = Math.min(savings, shareValue);
  const loan = shareValue - deposit;
  const repayment = monthlyRepayment(loan, lending);
  const minShareRent = p.isSharedOwnership ? (p.subsidisedMonthlyRent ?? 0) : 0;
  const rent = share === min ? minShareRent : min >= 100 ? 0 : (minShareRent * (100 - share)) / (100 - min);
  const serviceCharge = p.monthlyServiceCharge ?? 0;
  return { share, shareValue, deposit, loan, repayment, rent, serviceCharge, monthlyCost: repayment + rent + serviceCharge + (p.annualGroundRent ?? 0) / 12 };
}

/** The monthly cost of one property, whole pounds: at its minimum share with the minimum deposit; to rent, the rent. */
export function monthlyCostOf(p: CostedProperty, lending: LendingAssumptions): number | null {
  if (!priceKnown(p)) return null;
  if (!p.forSale) return pounds(p.monthlyRent!);
  const share = minimumShare(p)!;
  const shareValue = (p.fullMarketPrice! * share) / 100;
  return pounds(costAt(p, share, (shareValue * lending.minDepositPercent) / 100, lending).monthlyCost);
}

/** The lowest monthly cost among the properties; null when no price is known. */
export function monthlyCostFrom(properties: readonly CostedProperty[], lending: LendingAssumptions): number | null {
  const known = properties.map((p) => monthlyCostOf(p, lending)).filter((c): c is number => c !== null);
  return known.length ? Math.min(...known) : null;
}

/** The conditions a share fails for this household, each as a sentence with its figures (none: affordable). */
function failures(p: CostedProperty, c: ShareCosting, h: Household, lending: LendingAssumptions): string[] {
  const what = p.isSharedOwnership ? `A ${formatNumber(c.share)}% share` : 'This home';
  const reasons: string[] = [];
  const minDeposit = (c.shareValue * lending.minDepositPercent) / 100;
  if (h.deposit < minDeposit) reasons.push(`${what} needs a deposit of ${formatPounds(minDeposit)}; you have ${formatPounds(h.deposit)}.`);
  const maxLoan = lending.maxLoanToIncome * h.income;
  if (c.shareValue - h.deposit > maxLoan) {
    reasons.push(`${what} needs a mortgage of ${formatPounds(c.shareValue - h.deposit)}; lenders lend up to ${formatNumber(lending.maxLoanToIncome)} times your income, ${formatPounds(maxLoan)}.`);
  }
  const maxCost = (lending.maxCostToIncomePercent * h.income) / 1200;
  if (c.monthlyCost > maxCost) {
    const share = h.income > 0 ? `, ${formatNumber(oneDecimal((c.monthlyCost * 1200) / h.income))}% of your income` : '';
    reasons.push(`${what} would cost ${formatPounds(c.monthlyCost)} a month${share}; it should take at most ${formatNumber(lending.maxCostToIncomePercent)}% of your income, ${formatPounds(maxCost)} a month.`);
  }
  return reasons;
}

const costToIncome = (monthlyCost: number, income: number): number | null => (income > 0 ? oneDecimal((monthlyCost * 1200) / income) : null);

function saleFigures(c: ShareCosting, status: AffordabilityStatus, h: Household, reasons: string[], shared: boolean): Affordability {
  return {
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
    reasons,
  };
}

/** Nothing known: no price, or no property. */
export const UNKNOWN_AFFORDABILITY: Affordability = Object.freeze({
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
  reasons: [],
}) as Affordability;

/** The shares a buyer may take: the minimum and every multiple of 5 above it up to 75 (100 outside shared ownership). */
export function sharesOf(p: CostedProperty): number[] {
  const min = minimumShare(p);
  if (min === null) return [];
  if (!p.isSharedOwnership) return [100];
  const shares = [min];
  for (let s = Math.floor(min / 5) * 5 + 5; s <= LARGEST_SHARE; s += 5) shares.push(s);
  return shares;
}

/** Whether, and at what share, this household can afford one property, with the figures and, when not, why. */
export function affordabilityOf(p: CostedProperty, h: Household, lending: LendingAssumptions): Affordability {
  if (!priceKnown(p)) return { ...UNKNOWN_AFFORDABILITY, reasons: [] };
  if (!p.forSale) {
    const rent = p.monthlyRent!;
    const needed = lending.rentIncomeMultiple * rent;
    const affordable = h.income >= needed;
    const reasons = affordable
      ? []
      : [`The rent of ${formatPounds(rent)} a month needs a household income of ${formatPounds(needed)} a year (${formatNumber(lending.rentIncomeMultiple)} times the rent); yours is ${formatPounds(h.income)}.`];
    return { ...UNKNOWN_AFFORDABILITY, status: affordable ? 'affordable' : 'unaffordable', monthlyRent: pounds(rent), monthlyCost: pounds(rent), costToIncomePercent: costToIncome(rent, h.income), reasons };
  }
  let largest: ShareCosting | null = null;
  for (const share of sharesOf(p)) {
    const c = costAt(p, share, h.deposit, lending);
    if (failures(p, c, h, lending).length === 0) largest = c;
  }
  if (largest) return saleFigures(largest, 'affordable', h, [], p.isSharedOwnership);
  const atMinimum = costAt(p, minimumShare(p)!, h.deposit, lending);
  return saleFigures(atMinimum, 'unaffordable', h, failures(p, atMinimum, h, lending), p.isSharedOwnership);
}

/** Whether the household can afford the property at its minimum share (what affordable_only asks). */
export function affordableAtMinimumShare(p: CostedProperty, h: Household, lending: LendingAssumptions): boolean {
  if (!priceKnown(p)) return false;
  if (!p.forSale) return h.income >= lending.rentIncomeMultiple * p.monthlyRent!;
  return failures(p, costAt(p, minimumShare(p)!, h.deposit, lending), h, lending).length === 0;
}
