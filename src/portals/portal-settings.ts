// Per-portal search and presentation settings, read from the Portal table, kept briefly, and kept as last
// read while the database is out of reach (db/kept-reference.ts).
import * as yup from 'yup';
import type { PrismaClient } from '../db/prisma.ts';
import { KeptValues } from '../db/kept-reference.ts';
import { lendingSchema, type LendingAssumptions } from '../affordability/lending.ts';

export const EXTRA_FILTERS = ['wheelchair_accesible', 'off_street_parking', 'pets_allowed'] as const;
export type ExtraFilter = (typeof EXTRA_FILTERS)[number];

const settingsSchema = yup.object({
  featuredPerPage: yup.number().integer().min(0).default(2),
  facets: yup.boolean().default(true),
  mapListings: yup.boolean().default(true),
  mapPayload: yup.string().oneOf(['basic', 'extended']).default('basic'),
  fullEnvelopeOnLaterPages: yup.boolean().default(false),
  extraFilters: yup.array(yup.string().oneOf(EXTRA_FILTERS).required()).default([]),
  usesPasswords: yup.boolean().default(true),
  // the lending assumptions of monthly costs and affordability; the default portal's are the index's (docs/search.md)
  lending: lendingSchema,
});

export type PortalSettings = yup.InferType<typeof settingsSchema> & { extraFilters: ExtraFilter[]; mapPayload: 'basic' | 'extended'; lending: LendingAssumptions };

export interface Portal {
  id: number;
  name: string;
  settings: PortalSettings;
}

export const DEFAULT_PORTAL_ID = 1;
const TTL_MS = 30_000;

export class PortalService {
  private readonly kept: KeptValues<number, Portal | null>;

  constructor(prisma: PrismaClient) {
    this.kept = new KeptValues(async (id) => {
      const row = await prisma.portal.findUnique({ where: { id } });
      return row ? { id: row.id, name: row.name, settings: settingsSchema.validateSync(row.settings ?? {}) as PortalSettings } : null;
    }, TTL_MS);
  }

  find(id: number): Promise<Portal | null> {
    return this.kept.get(id);
  }
}
