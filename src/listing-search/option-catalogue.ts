// Option values and texts of the static facets.
import type { SchemeService } from '../schemes/scheme-service.ts';
import { PROPERTY_TYPE_GROUPS } from '../inventory/property-schema.ts';
import { AVAILABILITY_CODES, availabilityStatus } from '../inventory/availability.ts';
import type { Facet } from '../listings/facet-definitions.ts';
import type { OptionCatalogue } from './search-facets.ts';
import { COUNCIL_TAX_BANDS, EPC_BANDS } from '../inventory/material-information.ts';
import { TENURE_FILTER_VALUES, TENURE_NAMES } from '../inventory/tenures.ts';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const rooms = (n: number, word: string) => (n === 0 && word === 'bedroom' ? 'Studio' : `${n} ${word}${n === 1 ? '' : 's'}`);

export function optionCatalogue(schemes: { slug: string; text: string }[], forSale: boolean): OptionCatalogue {
  return {
    options(facet: Facet) {
      switch (facet.param) {
        case 'schemes':
          return schemes.map((s) => ({ value: s.slug, text: s.text }));
        case 'status':
          return AVAILABILITY_CODES.map((code) => ({ value: code, text: availabilityStatus(code, forSale).name }));
        case 'types':
          return PROPERTY_TYPE_GROUPS.map((t) => ({ value: t, text: capitalise(t) }));
        case 'bedrooms':
          return [0, 1, 2, 3, 4].map((n) => ({ value: n, text: rooms(n, 'bedroom') }));
        case 'bathrooms':
          return [1, 2, 3].map((n) => ({ value: n, text: rooms(n, 'bathroom') }));
        case 'tenures':
          return TENURE_FILTER_VALUES.map((tenure) => ({ value: tenure, text: TENURE_NAMES[tenure] }));
        case 'epc_bands':
          return EPC_BANDS.map((band) => ({ value: band, text: `Band ${band}` }));
        case 'council_tax_bands':
          return COUNCIL_TAX_BANDS.map((band) => ({ value: band, text: `Band ${band}` }));
        default:
          return [];
      }
    },
    text(facet: Facet, value: string | number) {
      if (facet.param === 'bedrooms') return rooms(Number(value), 'bedroom');
      if (facet.param === 'bathrooms') return rooms(Number(value), 'bathroom');
      return String(value);
    },
  };
}

/** Scheme texts change rarely: cache them for a minute. */
export function cachedSchemes(schemes: SchemeService): () => Promise<{ slug: string; text: string; color: string }[]> {
  // the service keeps them (a minute, and through a database outage)
  return () => schemes.all();
}
