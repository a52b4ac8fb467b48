// affordable_only as range filters. At the minimum share s of a price P (s = 100 outside shared
// ownership), with V = s·P, the fixed monthly costs F (the rent on the unsold share, the service charge
// and a twelfth of the ground rent) and k the repayment of one pound (lending.ts), a household with
// income I and savings D can afford a sale when
//   D ≥ d·V                        (the minimum deposit, d = minDepositPercent / 100)
//   V − D ≤ m·I                    (the loan, m = maxLoanToIncome)
//   k·max(V − D, 0) + F ≤ c·I/12   (the monthly cost, c = maxCostToIncomePercent / 100)
// and the last holds exactly when both F ≤ c·I/12 and k·V + F ≤ c·I/12 + k·D. Each condition is then a
// value of the property's alone (V, 12·F/c, k·V + F) at most a value of the household's alone:
//   V ≤ min(D/d, m·I + D),   12·F/c ≤ I,   k·V + F ≤ c·I/12 + k·D.
// To rent, the one condition I ≥ rentIncomeMultiple × rent is the second with 12·F/c replaced by the
// income the rent needs (and V = k·V + F = 0). The property's values are indexed, so the engine judges
// affordability with three range clauses and no script. They depend on the lending assumptions:
// changing those needs a reindex.
import { repaymentPerPound, type LendingAssumptions } from './lending.ts';
import type { CostedProperty, Household } from './affordability.ts';

/** A property's side of the affordability conditions at its minimum share (indexed). */
export interface AffordabilityThresholds {
  /** V: the value of the minimum share (0 to rent) */
  shareValue: number;
  /** the least income that covers the fixed monthly costs (to rent: the rent) */
  minIncome: number;
  /** k·V + F: the monthly cost were all of the share borrowed (0 to rent) */
  fullLoanCost: number;
}

/** The household's side: each property value at most this. */
export interface AffordabilityBounds {
  maxShareValue: number;
  maxMinIncome: number;
  maxFullLoanCost: number;
}

/** An income beyond any household's, standing for "never" (the engine stores no infinity). */
const NEVER = 1e15;

/** The property's thresholds; null when its price is unknown (it is then affordable to nobody). */
export function thresholdsOf(p: CostedProperty, lending: LendingAssumptions): AffordabilityThresholds | null {
  if (!p.forSale) return p.monthlyRent === null ? null : { shareValue: 0, minIncome: lending.rentIncomeMultiple * p.monthlyRent, fullLoanCost: 0 };
  const share = p.isSharedOwnership ? p.minSharePercentage : 100;
  if (p.fullMarketPrice === null || share === null || share <= 0 || share > 100) return null;
  const shareValue = (p.fullMarketPrice * share) / 100;
  const fixed = (p.isSharedOwnership ? (p.subsidisedMonthlyRent ?? 0) : 0) + (p.monthlyServiceCharge ?? 0) + (p.annualGroundRent ?? 0) / 12;
  const c = lending.maxCostToIncomePercent;
  const minIncome = c > 0 ? (1200 * fixed) / c : fixed > 0 ? NEVER : 0;
  return { shareValue, minIncome, fullLoanCost: repaymentPerPound(lending) * shareValue + fixed };
}

export function boundsOf(h: Household, lending: LendingAssumptions): AffordabilityBounds {
  const byDeposit = lending.minDepositPercent > 0 ? (100 * h.deposit) / lending.minDepositPercent : NEVER;
  return {
    maxShareValue: Math.min(byDeposit, lending.maxLoanToIncome * h.income + h.deposit),
    maxMinIncome: h.income,
    maxFullLoanCost: (lending.maxCostToIncomePercent * h.income) / 1200 + repaymentPerPound(lending) * h.deposit,
  };
}

/** What the engine's range clauses decide, in memory. */
export function withinBounds(t: AffordabilityThresholds | null, b: AffordabilityBounds): boolean {
  return t !== null && t.shareValue <= b.maxShareValue && t.minIncome <= b.maxMinIncome && t.fullLoanCost <= b.maxFullLoanCost;
}
