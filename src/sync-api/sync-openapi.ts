// Components of the synchronisation interfaces (REST and bulk): request bodies from the yup schemas the
// routes validate with, the objects' views from those bodies (the paths: sync-routes.ts, bulk-routes.ts).
import type * as yup from 'yup';
import { arrayOf, bool, int, object, str, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, jsonSchemaOf } from '../core/openapi/from-yup.ts';
import { schemePayload } from '../schemes/scheme-payload.ts';
import { bulkItemResultPayload } from './bulk-payload.ts';
import { listingItemPayload } from '../listings/listing-item-payload.ts';
import { marketplaceListingPayload } from './marketplace-payload.ts';
import { syncWriteSchemas, type WriteSchemas } from './write-schemas.ts';

const instant: JsonSchema = { type: 'string', format: 'date-time' };

// What a view shows is what was sent, stored: the body's types and required fields, without the rules
// that only a body must meet (an object stored before a rule was added still shows).
const BODY_ONLY = new Set(['default', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'minItems', 'maxItems', 'uniqueItems', 'not', 'propertyNames']);
function asShown(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !BODY_ONLY.has(key))
      .map(([key, value]) => {
        if (key === 'properties') return [key, Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, asShown(v)]))];
        if (key === 'items') return [key, asShown(value as JsonSchema)];
        return [key, value];
      }),
  );
}

/** An object's view: every field of its body, always present, and those the portal adds. */
function viewOf(body: yup.AnyObjectSchema, added: Record<string, JsonSchema>, replaced: Record<string, JsonSchema> = {}): JsonSchema {
  const fields = (asShown(jsonSchemaOf(body)).properties ?? {}) as Record<string, JsonSchema>;
  return object({ id: int, ...fields, ...replaced, ...added, createdAt: instant, updatedAt: instant });
}

const bodySchemas = (name: string, schemas: WriteSchemas) => ({
  [`${name}Input`]: jsonSchemaOf(schemas.create),
  [`${name}PutInput`]: { ...jsonSchemaOf(schemas.put), description: 'externalRef may be left out; when sent, it must be the one in the path' },
  [`${name}PatchInput`]: { ...jsonSchemaOf(schemas.patch), description: 'the fields that change (top-level fields replace theirs whole)' },
});

const { development, property, listing } = syncWriteSchemas;
const openDay = object({ id: int, date: { type: 'string', format: 'date' }, time: str, durationMin: int, capacity: int });

export const syncSchemas: Record<string, JsonSchema> = {
  Development: viewOf(development.create, {}, { latitude: { type: 'number' }, longitude: { type: 'number' } }),
  ...bodySchemas('Development', development),
  Property: viewOf(property.create, {}),
  ...bodySchemas('Property', property),
  SyncListing: viewOf(listing.create, { withdrawn: bool }, { slug: str, openDays: arrayOf(openDay) }),
  ...bodySchemas('SyncListing', listing),
  ...componentsOf(schemePayload, bulkItemResultPayload, listingItemPayload, marketplaceListingPayload),
};

export { apiKeySecuritySchemes as syncSecuritySchemes } from '../api-accounts/api-key-openapi.ts';
