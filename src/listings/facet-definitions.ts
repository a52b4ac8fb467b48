// The search facets: static ones first, then dynamic ones whose options come from the data. Each
// property of the index carries its values of every facet as tokens (facet-tokens.ts), which is what
// the counts count.

export type Occupancy = 'for-sale' | 'to-rent';

export type FacetLevel = 'listing' | 'property';

interface BaseFacet {
  name: string;
  param: string;
  multiValue: boolean;
  level: FacetLevel;
  /** the document field a selection filters on (property fields are under `properties.`) */
  field: string;
  /**
   * the property field counted: every facet counts matching properties, so a listing-level facet's value
   * is copied onto each of its properties (listing-document.ts) and all are counted in nested passes
   */
  countField: string;
}

export interface TermsFacet extends BaseFacet {
  kind: 'terms';
  dynamic: boolean;
}

export interface NumericFacet extends BaseFacet {
  kind: 'numeric';
  min: number;
  max: number;
  step: number;
  prefix: string;
}

export type Facet = TermsFacet | NumericFacet;

const terms = (name: string, param: string, level: FacetLevel, field: string, multiValue = true, dynamic = false): TermsFacet => ({
  kind: 'terms',
  name,
  param,
  level,
  field,
  countField: level === 'listing' ? `properties.${field}` : field,
  multiValue,
  dynamic,
});
const numeric = (name: string, param: string, field: string, min: number, max: number, step: number): NumericFacet => ({
  kind: 'numeric',
  name,
  param,
  level: 'property',
  field,
  countField: field,
  multiValue: false,
  min,
  max,
  step,
  prefix: '£',
});

const COMMON = [
  terms('Schemes', 'schemes', 'listing', 'schemes'),
  terms('Availability', 'status', 'property', 'properties.availabilityStatus'),
  terms('Property type', 'types', 'property', 'properties.propertyTypeGroup'),
  terms('Bedrooms', 'bedrooms', 'property', 'properties.bedrooms'),
  terms('Bathrooms', 'bathrooms', 'property', 'properties.bathrooms'),
  terms('New homes', 'new_homes', 'listing', 'newBuild', false),
];

const SALE_PRICES = [
  numeric('Maximum price', 'max_full_value', 'properties.fullMarketPrice', 50_000, 1_000_000, 50_000),
  numeric('Maximum share price', 'max_share_value', 'properties.minShareValue', 10_000, 300_000, 10_000),
  numeric('Maximum deposit', 'max_deposit', 'properties.depositValue', 5_000, 100_000, 5_000),
];
const RENT_PRICES = [numeric('Maximum rent', 'max_monthly_rent', 'properties.monthlyRent', 250, 5_000, 250)];

const DYNAMIC = [terms('Parking', 'parking', 'property', 'properties.parking', true, true), terms('Other features', 'other_features', 'property', 'properties.features', true, true)];

// material information (inventory/material-information.ts): static options, so before the dynamic facets
const MATERIAL = [
  terms('EPC band', 'epc_bands', 'property', 'properties.epcBand'),
  terms('Council tax band', 'council_tax_bands', 'property', 'properties.councilTaxBand'),
  terms('Tenure', 'tenures', 'property', 'properties.tenure'),
];

export function facetsFor(occupancy: Occupancy): Facet[] {
  return [...COMMON, ...(occupancy === 'for-sale' ? SALE_PRICES : RENT_PRICES), ...MATERIAL, ...DYNAMIC];
}

export function numericOptions(f: NumericFacet): number[] {
  const out: number[] = [];
  for (let v = f.min; v <= f.max; v += f.step) out.push(v);
  return out;
}
