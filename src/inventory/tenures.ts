// The tenures search filters on (`tenures[]`, PORTAL-EXTRAS §9) and the words the keyword search reads
// for each (§8). The synchronisation API takes `leasehold` and `freehold` today (development-schema.ts,
// as the specification says); the other two are offered so that a filter names every UK tenure.
export const TENURE_FILTER_VALUES = ['freehold', 'leasehold', 'share-of-freehold', 'commonhold'] as const;

export const TENURE_NAMES: Record<(typeof TENURE_FILTER_VALUES)[number], string> = {
  freehold: 'Freehold',
  leasehold: 'Leasehold',
  'share-of-freehold': 'Share of freehold',
  commonhold: 'Commonhold',
};

/** A tenure as words of the listing's searchable text: `share-of-freehold` is "share of freehold". */
export const tenureWords = (tenure: string): string => tenure.replace(/-/g, ' ');
