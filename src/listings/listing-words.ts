// A listing's figures in the words its e-mails use (the portal writes them alike, web/src/format.ts).
import { formatPounds } from '../core/number-format.ts';

/** "Studio", "1 bedroom", "2 to 4 bedrooms", "Studio to 2 bedrooms"; null when no count is known. */
export function bedroomsText(bedrooms: readonly number[] | null | undefined): string | null {
  const counts = [...new Set(bedrooms ?? [])].filter((n) => Number.isInteger(n) && n >= 0).sort((a, b) => a - b);
  if (counts.length === 0) return null;
  const one = (n: number) => (n === 0 ? 'Studio' : `${n} bedroom${n === 1 ? '' : 's'}`);
  const low = counts[0]!;
  const high = counts[counts.length - 1]!;
  if (low === high) return one(low);
  return low === 0 ? `Studio to ${high} bedroom${high === 1 ? '' : 's'}` : `${low} to ${high} bedrooms`;
}

/** What the headline home costs a month to buy (at its minimum share, with the deposit it needs); null when unknown. */
export function monthlyCostText(monthlyCost: unknown): string | null {
  return typeof monthlyCost === 'number' && Number.isFinite(monthlyCost) ? `About ${formatPounds(monthlyCost)} a month to buy` : null;
}

/** A household's verdict on a listing in the e-mails' words; null when it cannot be told (no income known, figures missing). */
export function affordabilityText(a: { status: 'affordable' | 'unaffordable' | 'unknown'; monthlyCost: number | null } | null | undefined): string | null {
  if (!a || a.status === 'unknown') return null;
  if (a.status === 'unaffordable') return 'Not affordable for you on your profile\'s income and savings';
  return a.monthlyCost !== null ? `You can afford this: about ${formatPounds(a.monthlyCost)} a month` : 'You can afford this';
}
