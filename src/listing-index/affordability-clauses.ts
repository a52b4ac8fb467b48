// affordable_only and max_monthly_cost as clauses on a property's indexed values: each affordability
// condition at the minimum share is a property threshold at most (the income cap: at least) a household bound
// (affordability-thresholds.ts), so the engine needs no script.
import { boundsOf } from '../affordability/affordability-thresholds.ts';
import type { Household } from '../affordability/affordability.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';

export function affordableClauses(h: Household, lending: LendingAssumptions): object[] {
  const b = boundsOf(h, lending);
  return [
    { range: { 'properties.affordMinSavings': { lte: b.maxMinSavings } } },
    { range: { 'properties.affordMaxIncome': { gte: b.minMaxIncome } } },
    { range: { 'properties.affordShareValue': { lte: b.maxShareValue } } },
    { range: { 'properties.affordMinIncome': { lte: b.maxMinIncome } } },
    { range: { 'properties.affordFullLoanCost': { lte: b.maxFullLoanCost } } },
  ];
}

export function monthlyCostClause(max: number): object {
  return { range: { 'properties.monthlyCost': { lte: max } } };
}

/** A share option (`poolShares`, affordability-thresholds.ts ShareOption) within the household's bounds: eligible_only's money. */
export function shareClauses(h: Household, lending: LendingAssumptions): object[] {
  const b = boundsOf(h, lending);
  return [
    { range: { 'poolShares.minSavings': { lte: b.maxMinSavings } } },
    { range: { 'poolShares.shareValue': { lte: b.maxShareValue } } },
    { range: { 'poolShares.minIncome': { lte: b.maxMinIncome } } },
    { range: { 'poolShares.fullLoanCost': { lte: b.maxFullLoanCost } } },
  ];
}
