// The lending assumptions that turn a price into a monthly cost and decide what a household can afford,
// and the one repayment formula (an annuity). Portal settings hold them (portal-settings.ts); the index
// holds figures worked out with them, so changing them needs a reindex (docs/search.md).
import * as yup from 'yup';

export interface LendingAssumptions {
  mortgageRatePercent: number;
  mortgageTermYears: number;
  /** the most a lender lends, as a multiple of the yearly household income */
  maxLoanToIncome: number;
  /** the least deposit, as a percentage of the value of the share bought */
  minDepositPercent: number;
  /** the most of the monthly income the home may cost */
  maxCostToIncomePercent: number;
  /** a rent is affordable when the yearly income is at least this many times the monthly rent */
  rentIncomeMultiple: number;
}

export const DEFAULT_LENDING: Readonly<LendingAssumptions> = Object.freeze({
  mortgageRatePercent: 4.5,
  mortgageTermYears: 25,
  maxLoanToIncome: 4.5,
  minDepositPercent: 5,
  maxCostToIncomePercent: 40,
  rentIncomeMultiple: 30,
});

export const lendingSchema = yup.object({
  mortgageRatePercent: yup.number().min(0).max(100).default(DEFAULT_LENDING.mortgageRatePercent),
  mortgageTermYears: yup.number().integer().min(1).max(50).default(DEFAULT_LENDING.mortgageTermYears),
  maxLoanToIncome: yup.number().min(0).default(DEFAULT_LENDING.maxLoanToIncome),
  minDepositPercent: yup.number().min(0).max(100).default(DEFAULT_LENDING.minDepositPercent),
  maxCostToIncomePercent: yup.number().min(0).max(100).default(DEFAULT_LENDING.maxCostToIncomePercent),
  rentIncomeMultiple: yup.number().min(0).default(DEFAULT_LENDING.rentIncomeMultiple),
});

/** The monthly repayment of one pound borrowed: `r / (1 − (1 + r)^−n)`, or 1/n at a rate of 0. */
export function repaymentPerPound(lending: LendingAssumptions): number {
  const r = lending.mortgageRatePercent / 12 / 100;
  const n = lending.mortgageTermYears * 12;
  return r === 0 ? 1 / n : r / (1 - (1 + r) ** -n);
}

/** The monthly repayment of a loan (0 for no loan), in pounds and pence unrounded. */
export function monthlyRepayment(loan: number, lending: LendingAssumptions): number {
  return loan <= 0 ? 0 : loan * repaymentPerPound(lending);
}
