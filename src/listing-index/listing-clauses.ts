// Clauses on a listing's own fields (not its properties'): identity, how it is shown, occupancy type,
// schemes, partners and the area it lies in.

/** The listings with these document ids (the `ids` query, on `_id`). */
export const idsClause = (ids: readonly number[]): object => ({ ids: { values: ids.map(String) } });

/** The listings with these `id` values (a terms query on the field). */
export const idTermsClause = (ids: readonly number[]): object => ({ terms: { id: ids } });

export const idClause = (id: number): object => ({ term: { id } });

export const slugClause = (slug: string): object => ({ term: { slug } });

/** Listings shown as `featured` (or `premium`): displayAs. */
export const displayAsClause = (displayAs: 'featured' | 'premium'): object => ({ term: { displayAs } });

export const FEATURED_CLAUSE = displayAsClause('featured');

/** For sale (true) or to rent (false). */
export const forSaleClause = (forSale: boolean): object => ({ term: { forSale } });

export const schemeClause = (slug: string): object => ({ term: { schemes: slug } });

export const schemesClause = (slugs: readonly string[]): object => ({ terms: { schemes: slugs } });

export const newBuildClause = (newBuild: boolean): object => ({ term: { newBuild } });

/** Listings a partner (by its source) republishes. */
export const partnerClause = (source: string): object => ({ term: { partnerSources: source } });

/** The area fields of a listing's development: region, county, local authority. */
export const AREA_FIELD = { region: 'regionId', county: 'countyId', local_authority: 'localAuthorityId' } as const;
export type AreaType = keyof typeof AREA_FIELD;

/** Listings whose development lies in this region, county or local authority. */
export const areaClause = (type: AreaType, id: number): object => ({ term: { [AREA_FIELD[type]]: id } });
