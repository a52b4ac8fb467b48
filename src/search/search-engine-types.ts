// The slices of Elasticsearch responses the search code reads.
export interface Hit {
  _id: string;
  fields?: Record<string, unknown[]>;
  inner_hits?: {
    properties?: { hits: { hits: { fields?: { 'properties.bedrooms'?: number[]; 'properties.id'?: number[]; 'properties.availabilityRank'?: number[]; 'properties.monthlyCost'?: number[] } }[] } };
    /** the headline among the matching properties (search-request.ts) */
    headline?: { hits: { hits: { fields?: { 'properties.itemHeadline'?: string[]; 'properties.priceReducedOn'?: string[] } }[] } };
  };
}

/** Parts may be missing: the search asks only for the parts it reads (filter_path), and empty ones go. */
export interface SearchBody {
  hits?: { total?: number | { value: number }; hits?: Hit[] };
  aggregations?: Record<string, unknown>;
}

export const hitsOf = (body: SearchBody | null): Hit[] => body?.hits?.hits ?? [];
export const totalOf = (body: { hits?: { total?: number | { value: number } } }): number => (typeof body.hits?.total === 'number' ? body.hits.total : (body.hits?.total?.value ?? 0));
