// The slices of Elasticsearch responses the search code reads.
export interface Hit {
  _id: string;
  fields?: Record<string, unknown[]>;
  inner_hits?: { properties?: { hits: { hits: { fields?: { 'properties.bedrooms'?: number[] } }[] } } };
}

export interface SearchBody {
  hits: { total?: number | { value: number }; hits: Hit[] };
  aggregations?: Record<string, unknown>;
}

export const totalOf = (body: SearchBody): number => (typeof body.hits.total === 'number' ? body.hits.total : (body.hits.total?.value ?? 0));
