import type { Scheme } from '../generated/prisma/client.ts';
import { PROPERTY_TYPE_GROUPS } from '../inventory/property-schema.ts';
import type { IdNamePayload } from './listing-details-payload.ts';

export const presentSchemeOption = (s: Scheme): IdNamePayload => ({ id: s.id, name: s.text });

/** Property types of the types facet; ids follow the fixed order of the type groups. */
export const typeOptions = (): IdNamePayload[] => PROPERTY_TYPE_GROUPS.map((t, i) => ({ id: i + 1, name: t.charAt(0).toUpperCase() + t.slice(1) }));
