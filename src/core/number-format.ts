// Numbers written as in the UK ("250,000"). One formatter for all: toLocaleString('en-GB') builds a
// new one on every call, which cost a search about a millisecond for its price facets' option texts.
const EN_GB = new Intl.NumberFormat('en-GB');

/**
 * A whole number is written by hand (Intl's formatter takes several microseconds a call, and the
 * affordability and eligibility reasons of every item of a search write a few each); any other
 * number by the formatter, which rounds to three decimals.
 */
export function formatNumber(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return EN_GB.format(n);
  const digits = String(Math.abs(n));
  let grouped = digits.length > 3 ? '' : digits;
  if (!grouped) for (let end = digits.length; end > 0; end -= 3) grouped = digits.slice(Math.max(0, end - 3), end) + (grouped ? `,${grouped}` : '');
  return n < 0 ? `-${grouped}` : grouped;
}

/** An amount in pounds, to the pound: "£250,000". */
export const formatPounds = (n: number): string => `£${formatNumber(Math.round(n))}`;
