// The lookup lists of the spec and the item shape each one has on the wire.
export type LookupShape = 'plain' | 'owner' | 'working' | 'slugged';

export const LOOKUP_LISTS: Record<string, LookupShape> = {
  'living-circumstances': 'owner',
  'working-circumstances': 'working',
  'buying-interest-periods': 'plain',
  'best-time-to-contact': 'plain',
  genders: 'slugged',
  ethnicities: 'slugged',
  nationalities: 'slugged',
  religions: 'slugged',
  sexualities: 'slugged',
  'marital-statuses': 'slugged',
  'home-ownership-statuses': 'slugged',
  'relationship-statuses': 'slugged',
};

/** Lists backed by their own tables rather than LookupItem. */
export const PLACE_LISTS = ['local-authorities', 'counties'] as const;

export const ALL_LISTS = [...Object.keys(LOOKUP_LISTS), ...PLACE_LISTS];
