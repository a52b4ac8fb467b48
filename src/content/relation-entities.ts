// What content can be related to: an entity (kind of business object) and an item (one such object).
// The default relation is the site itself, with the marketplace portal as the item.
export const RELATION_ENTITIES = {
  site: 'Site',
  scheme: 'Scheme',
  region: 'Region',
  county: 'County',
  local_authority: 'Local authority',
} as const;

export type RelationEntity = keyof typeof RELATION_ENTITIES;
export const RELATION_ENTITY_CODES = Object.keys(RELATION_ENTITIES) as RelationEntity[];
export const DEFAULT_RELATION = { entity: 'site' as RelationEntity, itemId: 1 };

export const LOCATION_TYPES = ['county', 'local_authority', 'city', 'town'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
