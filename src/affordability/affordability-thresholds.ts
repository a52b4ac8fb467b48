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
// The same four conditions hold at any share s (V = s·P, F with the rent scaled to s), so the
// affordability the costing reports (some share among the minimum and the multiples of 5 up to 75
// affordable) is "some share's four values within the household's bounds": one option per share
// (shareOptionsOf), less those another option beats on all four (undominated), indexed as nested
// documents that eligible_only's money clause asks with four range clauses.
import { repaymentPerPound, type LendingAssumptions } from './lending.ts';
import { depositNeededFor, sharesOf, unsoldShareRent, type CostedProperty, type Household } from './affordability.ts';

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
  return { ...thresholdsAt(p, share, lending), maxIncome };
}

/** A sale's four values at a share (the income cap aside). */
function thresholdsAt(p: CostedProperty, share: number, lending: LendingAssumptions): ShareOption {
  const shareValue = (p.fullMarketPrice! * share) / 100;
  const fixed = unsoldShareRent(p, share) + (p.monthlyServiceCharge ?? 0) + (p.annualGroundRent ?? 0) / 12;
  const c = lending.maxCostToIncomePercent;
  const minIncome = c > 0 ? (1200 * fixed) / c : fixed > 0 ? NEVER : 0;
  return { shareValue, minSavings: depositNeededFor(p, shareValue, lending), minIncome, fullLoanCost: repaymentPerPound(lending) * shareValue + fixed };
}

/** One share a buyer may take, as its four values (indexed as `poolShares`): affordable when each is within the household's bound. */
export type ShareOption = Omit<AffordabilityThresholds, 'maxIncome'>;

/**
 * An option per share the costing tries (affordability.ts sharesOf; the rent to rent): the household
 * can afford the home, the listing's income cap aside, exactly when it is within the bounds of one of
 * them. None when the price is unknown.
 */
export function shareOptionsOf(p: CostedProperty, lending: LendingAssumptions): ShareOption[] {
  if (!p.forSale) {
    const t = thresholdsOf(p, lending);
    return t ? [{ shareValue: t.shareValue, minSavings: t.minSavings, minIncome: t.minIncome, fullLoanCost: t.fullLoanCost }] : [];
  }
  if (p.fullMarketPrice === null) return [];
  return sharesOf(p).map((share) => thresholdsAt(p, share, lending));
}

const beats = (a: ShareOption, b: ShareOption): boolean =>
  a.minSavings <= b.minSavings && a.shareValue <= b.shareValue && a.minIncome <= b.minIncome && a.fullLoanCost <= b.fullLoanCost;

/**
 * The options no other option beats (a household within the bounds of a beaten one is within the
 * bounds of the one that beats it), each once: fewer nested documents, the same verdicts.
 */
export function undominated(options: readonly ShareOption[]): ShareOption[] {
  const kept: ShareOption[] = [];
  const sorted = [...options].sort((a, b) => a.minSavings - b.minSavings || a.shareValue - b.shareValue || a.minIncome - b.minIncome || a.fullLoanCost - b.fullLoanCost);
  for (const o of sorted) if (!kept.some((k) => beats(k, o))) kept.push(o);
  return kept;
}

/** What the engine's four range clauses on an option decide, in memory. */
export function optionWithinBounds(o: ShareOption, b: AffordabilityBounds): boolean {
  return o.minSavings <= b.maxMinSavings && o.shareValue <= b.maxShareValue && o.minIncome <= b.maxMinIncome && o.fullLoanCost <= b.maxFullLoanCost;
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
