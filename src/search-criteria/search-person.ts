// Who searches, as far as the answer depends on it (PORTAL-EXTRAS §6, §7): their home and work points
// and their household's income and savings, from the query, else the signed-in customer's profile (a
// value in the query wins). Unknown query postcodes and the parameters that need a value nobody gave
// are 422 here.
import type { SearchParams } from './search-params.ts';
import { requirePostcodePoint, type PostcodePoint, type PostcodePointResolver } from '../places/postcode-point.ts';
import type { Household } from '../affordability/affordability.ts';
import { ValidationError } from '../core/errors.ts';

/** The profile values a search may fall back on. */
export interface SearchProfile {
  homePostcode: string | null;
  workPostcode: string | null;
  annualHouseholdIncome: number | null;
  deposit: number | null;
}

export interface SearchPerson {
  home: PostcodePoint | null;
  work: PostcodePoint | null;
  /** null when no income is known */
  household: Household | null;
}

export const NOBODY: SearchPerson = Object.freeze({ home: null, work: null, household: null });

/** Whether the parameters ask for anything a signed-in customer's profile could supply. */
export function wantsProfile(p: SearchParams): boolean {
  return p.home_postcode === null || p.work_postcode === null || p.household_income === null || p.deposit === null;
}

export async function searchPerson(p: SearchParams, profile: SearchProfile | null, postcodes: PostcodePointResolver): Promise<SearchPerson> {
  const errors: Record<string, string[]> = {};
  const point = async (param: 'home_postcode' | 'work_postcode', fromProfile: string | null): Promise<PostcodePoint | null> => {
    const sent = p[param]?.trim() ? p[param] : null;
    if (sent) {
      try {
        return await requirePostcodePoint(postcodes, sent, param);
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        Object.assign(errors, err.errors);
        return null;
      }
    }
    // a profile postcode that cannot be placed is no postcode: the search goes on without it
    return fromProfile ? postcodes.pointOfPostcode(fromProfile) : null;
  };
  const [home, work] = await Promise.all([point('home_postcode', profile?.homePostcode ?? null), point('work_postcode', profile?.workPostcode ?? null)]);
  const income = p.household_income ?? profile?.annualHouseholdIncome ?? null;
  const household = income === null ? null : { income, deposit: p.deposit ?? profile?.deposit ?? 0 };

  if (p.max_distance_from_work !== null && !work && !errors.work_postcode) errors.max_distance_from_work = ['max_distance_from_work needs a work postcode (work_postcode, or the profile’s)'];
  if (p.sort_by === 'nearest-work' && !work && !errors.work_postcode) errors.sort_by = ['nearest-work needs a work postcode (work_postcode, or the profile’s)'];
  if (p.sort_by === 'nearest-home' && !home && !errors.home_postcode) errors.sort_by = ['nearest-home needs a home postcode (home_postcode, or the profile’s)'];
  if (p.affordable_only && !household) errors.affordable_only = ['affordable_only needs a household income (household_income, or the profile’s)'];
  const messages = Object.values(errors).flat();
  if (messages.length) throw new ValidationError(errors, messages.length > 1 ? `${messages[0]} (and ${messages.length - 1} more)` : messages[0]);
  return home || work || household ? { home, work, household } : NOBODY;
}

/** Miles between two points, to one decimal, as items show them. */
export function roundedMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}
