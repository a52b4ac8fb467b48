// OpenAPI fragment of the synchronisation interfaces (REST and bulk). Request bodies, query strings and
// paths come from the yup schemas the routes validate with; the objects' views from those bodies.
import { idempotencyKeyHeader } from '../api-accounts/idempotency-key-openapi.ts';
import { apiKeyOperation } from '../api-accounts/api-key-operations.ts';
import * as yup from 'yup';
import { arrayOf, bool, dataEnvelope, engineUnavailable, errorResponse, int, json, object, pagedEnvelope, ref, str, validationResponse, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, jsonSchemaOf, parametersOf } from '../core/openapi/from-yup.ts';
import { schemePayload } from '../schemes/scheme-payload.ts';
import { bulkItemResultPayload } from './bulk-payload.ts';
import { pageFields } from '../core/envelope.ts';
import { listingItemPayload } from '../listings/listing-item-payload.ts';
import { marketplaceListingPayload } from './marketplace-payload.ts';
import { listingRefPath, listQuery, propertyListQuery, refPath, writeQuery } from './sync-query.ts';
import { SEARCH_INDEX_HEADER } from './visibility-header.ts';
import { BULK_LIMIT, bulkDeleteBody, bulkUpsertBody, syncWriteSchemas, type WriteSchemas } from './write-schemas.ts';

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

const anyRefParam = parametersOf(refPath, 'path');
const listingRefParam = parametersOf(listingRefPath, 'path');
const refresh = parametersOf(writeQuery, 'query');
/** a REST write's parameters: the refresh, and the key that makes a retry safe */
const writeParams = [...refresh, idempotencyKeyHeader];
/** what a key sent with a REST write may answer besides the write's own answers */
const keyed = { 409: errorResponse('A request with this Idempotency-Key is still being handled'), 422: validationResponse };
/** A write's success: stored, and with `refresh=wait_for` either searchable or said not to be yet. */
const stored = (response: object) => ({
  ...response,
  headers: {
    [SEARCH_INDEX_HEADER]: {
      description:
        '`pending`: `refresh=wait_for` was asked but the search engine is unavailable; the change is stored and the reindex worker makes it searchable once the engine is back. Absent otherwise.',
      schema: { type: 'string', enum: ['pending'] },
    },
  },
});
const premium = errorResponse('Basic accounts cannot call premium-only operations');
const notFound = errorResponse('No such object in this account');
// listings/marketplace, in any case, is the marketplace pull's path: GET alone
const marketplacePath = errorResponse('`marketplace` (in any case) is no listing ref but the path of the marketplace pull, which answers GET alone');
const body = (schema: string) => ({ required: true, content: { 'application/json': { schema: ref(schema) } } });

function op(tag: string, operationId: string, summary: string, responses: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return apiKeyOperation({ tags: [tag], operationId, summary, ...extra, responses });
}

function resource(tag: string, name: string, base: string, schema: string, withPost: boolean, listParams: object[]) {
  const paths: Record<string, unknown> = {};
  paths[base] = {
    get: op(tag, `list${name}s`, `The account's ${name.toLowerCase()}s, paginated`, { 200: json(pagedEnvelope(ref(schema))), 422: validationResponse }, { parameters: listParams }),
    ...(withPost
      ? {
          post: op(
            tag,
            `create${name}`,
            `Create a ${name.toLowerCase()}; 409 when the externalRef exists`,
            { 201: stored(json(ref(schema), 'Created')), 403: errorResponse('The account cannot hold inventory'), 409: errorResponse('The externalRef exists, or a request with this Idempotency-Key is still being handled'), 422: validationResponse },
            { parameters: writeParams, requestBody: body(`${schema}Input`) },
          ),
        }
      : {}),
  };
  const refParam = name === 'Listing' ? listingRefParam : anyRefParam;
  const onMarketplacePath = name === 'Listing' ? { 405: marketplacePath } : {};
  paths[`${base}/{ref}`] = {
    get: op(tag, `get${name}`, `One ${name.toLowerCase()}`, { 200: json(ref(schema)), 404: notFound }, { parameters: refParam }),
    put: op(
      tag,
      `put${name}`,
      `Create (201) or replace (200) a ${name.toLowerCase()}; an identical body changes nothing`,
      { 200: stored(json(ref(schema), 'Replaced or unchanged')), 201: stored(json(ref(schema), 'Created')), 403: errorResponse('The account cannot hold inventory'), ...keyed, ...onMarketplacePath },
      { parameters: [...refParam, ...writeParams], requestBody: body(`${schema}PutInput`) },
    ),
    patch: op(
      tag,
      `patch${name}`,
      `Change only the fields sent`,
      { 200: stored(json(ref(schema))), 404: notFound, ...keyed, ...onMarketplacePath },
      { parameters: [...refParam, ...writeParams], requestBody: body(`${schema}PatchInput`) },
    ),
    delete: op(
      tag,
      `delete${name}`,
      name === 'Listing' ? 'Withdraw the listing from the marketplace (its page then 404s)' : `Delete the ${name.toLowerCase()} (its listings leave search)`,
      { 200: stored(json(ref(schema))), 404: notFound, ...keyed, ...onMarketplacePath },
      { parameters: [...refParam, ...writeParams] },
    ),
  };
  return paths;
}

/** `{data: [items]}`, items of the resource's input; one that is not is answered `failed`, the others are written. */
function bulkUpsertSchema(schema: string): JsonSchema {
  const envelope = jsonSchemaOf(bulkUpsertBody) as { properties: { data: JsonSchema } };
  const items = { anyOf: [ref(`${schema}Input`), { $ref: '#/components/schemas/JsonValue', type: 'object' }], description: `a ${schema}Input; an item that is not one is answered \`failed\` with its errors` };
  return { ...envelope, properties: { data: { ...envelope.properties.data, items } } };
}

const bulkUpsert = (name: string, schema: string) => ({
  post: op(
    'Bulk',
    `bulkUpsert${name}`,
    `Upsert up to ${BULK_LIMIT} ${name.toLowerCase()}; per-item results in request order`,
    { 200: stored(json(dataEnvelope(ref('BulkItemResult')))), 403: premium, 422: validationResponse },
    { parameters: refresh, requestBody: { required: true, content: { 'application/json': { schema: bulkUpsertSchema(schema) } } } },
  ),
});
const bulkDelete = (name: string) => ({
  post: op(
    'Bulk',
    `bulkDelete${name}`,
    `Delete up to ${BULK_LIMIT} ${name.toLowerCase()} by externalRef; an unknown one is answered \`failed\``,
    { 200: stored(json(dataEnvelope(ref('BulkItemResult')))), 403: premium, 422: validationResponse },
    { parameters: refresh, requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(bulkDeleteBody) } } } },
  ),
});

export function syncPaths(): Record<string, unknown> {
  return {
    '/api/rest/account/api-key': {
      post: op('Accounts', 'rotateApiKey', 'A new api_key, shown once; the current key is deprecated at once', { 201: json(object({ apiKey: str }), 'Created') }),
    },
    '/api/rest/schemes': { get: op('Listings (sync)', 'listSyncSchemes', 'The schemes integrators may name', { 200: json(dataEnvelope(ref('Scheme'))) }) },
    ...resource('Inventory', 'Development', '/api/rest/inventory/developments', 'Development', true, parametersOf(listQuery, 'query')),
    ...resource('Inventory', 'Property', '/api/rest/inventory/properties', 'Property', true, parametersOf(propertyListQuery, 'query')),
    ...resource('Listings (sync)', 'Listing', '/api/rest/listings', 'SyncListing', false, parametersOf(listQuery, 'query')),
    '/api/rest/listings/marketplace': {
      get: op('Listings (sync)', 'pullMarketplaceListings', 'Published marketplace listings for republication (premium)', { 200: json(pagedEnvelope(ref('MarketplaceListing'))), 403: premium, 422: validationResponse, 503: engineUnavailable }, { parameters: parametersOf(yup.object(pageFields()), 'query') }),
    },
    '/api/bulk/inventory/developments': bulkUpsert('Developments', 'Development'),
    '/api/bulk/inventory/properties': bulkUpsert('Properties', 'Property'),
    '/api/bulk/listings': {
      ...bulkUpsert('Listings', 'SyncListing'),
      get: op('Bulk', 'bulkPullListings', `All published marketplace listings, pages of up to ${BULK_LIMIT}`, { 200: json(pagedEnvelope(ref('MarketplaceListing'))), 403: premium, 422: validationResponse, 503: engineUnavailable }, {
        parameters: parametersOf(yup.object(pageFields({ defaultSize: BULK_LIMIT, maxSize: BULK_LIMIT })), 'query'),
      }),
    },
    '/api/bulk/inventory/developments/delete': bulkDelete('Developments'),
    '/api/bulk/inventory/properties/delete': bulkDelete('Properties'),
    '/api/bulk/listings/delete': bulkDelete('Listings'),
  };
}

export { apiKeySecuritySchemes as syncSecuritySchemes } from '../api-accounts/api-key-openapi.ts';
