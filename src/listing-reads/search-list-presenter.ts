import type { Scheme } from '../generated/prisma/client.ts';
import { PROPERTY_TYPE_GROUPS } from '../inventory/property-schema.ts';

export const presentSchemeOption = (s: Scheme) => ({ id: s.id, name: s.text });

/** Property types of the types facet; ids follow the fixed order of the type groups. */
export const typeOptions = () => PROPERTY_TYPE_GROUPS.map((t, i) => ({ id: i + 1, name: t.charAt(0).toUpperCase() + t.slice(1) }));
