// Numbers written as in the UK ("250,000"). One formatter for all: toLocaleString('en-GB') builds a
// new one on every call, which cost a search about a millisecond for its price facets' option texts.
const EN_GB = new Intl.NumberFormat('en-GB');

export const formatNumber = (n: number): string => EN_GB.format(n);

/** An amount in pounds, to the pound: "£250,000". */
export const formatPounds = (n: number): string => `£${formatNumber(Math.round(n))}`;
