// affordable_only as range filters. At the minimum share s of a price P (s = 100 outside shared
// ownership), with V = s·P, the fixed monthly costs F (the rent on the unsold share, the service charge
// and a twelfth of the ground rent) and k the repayment of one pound (lending.ts), a household with
// income I and savings D can afford a sale when
//   D ≥ N = max(d·V, e·V, M)       (the deposit needed, affordability.ts's one rule: d = minDepositPercent
//                                   / 100, e the listing's depositPercentage / 100, M its minDeposit)
//   I ≤ X                          (the listing's maximum household income, when it has one)
//   V − D ≤ m·I                    (the loan, m = maxLoanToIncome)
//   k·max(V − D, 0) + F ≤ c·I/12   (the monthly cost, c = maxCostToIncomePercent / 100)
// and the last holds exactly when both F ≤ c·I/12 and k·V + F ≤ c·I/12 + k·D. Each condition is then a
// value of the property's alone (N, V, 12·F/c, k·V + F, −X) at most a value of the household's alone:
//   N ≤ D,   V ≤ m·I + D,   12·F/c ≤ I,   k·V + F ≤ c·I/12 + k·D,   I ≤ X.
// To rent, the one condition I ≥ rentIncomeMultiple × rent is the second with 12·F/c replaced by the
// income the rent needs (and N = V = k·V + F = 0). The property's values are indexed, so the engine judges
// affordability with five range clauses and no script. They depend on the lending assumptions:
// changing those needs a reindex.
import { repaymentPerPound, type LendingAssumptions } from './lending.ts';
import { depositNeededFor, type CostedProperty, type Household } from './affordability.ts';

/** A property's side of the affordability conditions at its minimum share (indexed). */
export interface AffordabilityThresholds {
  /** V: the value of the minimum share (0 to rent) */
  shareValue: number;
  /** N: the deposit the minimum share needs (0 to rent) */
  minSavings: number;
  /** X: the most a household may earn (the listing's cap; NEVER without one) */
  maxIncome: number;
  /** the least income that covers the fixed monthly costs (to rent: the rent) */
  minIncome: number;
  /** k·V + F: the monthly cost were all of the share borrowed (0 to rent) */
  fullLoanCost: number;
}

/** The household's side: each property value at most this. */
export interface AffordabilityBounds {
  maxShareValue: number;
  maxMinSavings: number;
  minMaxIncome: number;
  maxMinIncome: number;
  maxFullLoanCost: number;
}

/** An income beyond any household's, standing for "never" (the engine stores no infinity). */
export const NEVER = 1e15;

/** The property's thresholds; null when its price is unknown (it is then affordable to nobody). */
export function thresholdsOf(p: CostedProperty, lending: LendingAssumptions): AffordabilityThresholds | null {
  const maxIncome = p.maxHouseholdIncome ?? NEVER;
  if (!p.forSale) return p.monthlyRent === null ? null : { shareValue: 0, minSavings: 0, maxIncome, minIncome: lending.rentIncomeMultiple * p.monthlyRent, fullLoanCost: 0 };
  const share = p.isSharedOwnership ? p.minSharePercentage : 100;
  if (p.fullMarketPrice === null || share === null || share <= 0 || share > 100) return null;
  const shareValue = (p.fullMarketPrice * share) / 100;
  const fixed = (p.isSharedOwnership ? (p.subsidisedMonthlyRent ?? 0) : 0) + (p.monthlyServiceCharge ?? 0) + (p.annualGroundRent ?? 0) / 12;
  const c = lending.maxCostToIncomePercent;
  const minIncome = c > 0 ? (1200 * fixed) / c : fixed > 0 ? NEVER : 0;
  return { shareValue, minSavings: depositNeededFor(p, shareValue, lending), maxIncome, minIncome, fullLoanCost: repaymentPerPound(lending) * shareValue + fixed };
}

export function boundsOf(h: Household, lending: LendingAssumptions): AffordabilityBounds {
  return {
    maxShareValue: lending.maxLoanToIncome * h.income + h.deposit,
    maxMinSavings: h.deposit,
    minMaxIncome: h.income,
    maxMinIncome: h.income,
    maxFullLoanCost: (lending.maxCostToIncomePercent * h.income) / 1200 + repaymentPerPound(lending) * h.deposit,
  };
}

/** What the engine's range clauses decide, in memory. */
export function withinBounds(t: AffordabilityThresholds | null, b: AffordabilityBounds): boolean {
  return t !== null && t.minSavings <= b.maxMinSavings && t.maxIncome >= b.minMaxIncome && t.shareValue <= b.maxShareValue && t.minIncome <= b.maxMinIncome && t.fullLoanCost <= b.maxFullLoanCost;
}
