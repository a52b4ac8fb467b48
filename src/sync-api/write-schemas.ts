// The bodies of a synchronised resource's writes, all from the one schema of the whole object: POST
// sends the object, PUT the object at the path's ref, PATCH only the fields that change.
import * as yup from 'yup';
import { developmentSchema } from '../inventory/development-schema.ts';
import { propertySchema } from '../inventory/property-schema.ts';
import { listingSyncSchema } from '../listings/listing-sync-schema.ts';
import { externalRef } from '../sync/payload-fields.ts';

const NOT_AN_OBJECT = 'The body must be a JSON object';

/** A JSON object body: anything else, or no body at all, is a 422. */
export const jsonObjectBody = <S extends yup.AnyObjectSchema>(schema: S): S =>
  schema.typeError(NOT_AN_OBJECT).required(NOT_AN_OBJECT).default(undefined) as S;

export interface WriteSchemas {
  create: yup.AnyObjectSchema;
  /** the body's externalRef may be left out; when sent, it must be the path's (a rule of the route) */
  put: yup.AnyObjectSchema;
  /** every field optional and none defaulted: what is left out keeps its value */
  patch: yup.AnyObjectSchema;
  /** the rules of externalRef, for the path's ref that a PUT writes (a listing's is never `marketplace`) */
  ref: yup.AnyObjectSchema;
}

export function writeSchemasOf(schema: yup.AnyObjectSchema): WriteSchemas {
  const changes = Object.fromEntries(Object.entries(schema.fields).map(([name, field]) => [name, (field as yup.AnySchema).optional().default(undefined)]));
  return {
    create: jsonObjectBody(schema),
    put: jsonObjectBody(schema.shape({ externalRef: changes.externalRef! })),
    patch: jsonObjectBody(yup.object(changes)),
    ref: yup.object({ externalRef: schema.fields.externalRef as yup.AnySchema }),
  };
}

export const syncWriteSchemas = {
  development: writeSchemasOf(developmentSchema),
  property: writeSchemasOf(propertySchema),
  listing: writeSchemasOf(listingSyncSchema),
};

export const BULK_LIMIT = 1000;

const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{data: [objects]}`: each item is then validated on its own, and one that fails is answered `failed`. */
export const bulkUpsertBody = jsonObjectBody(
  yup.object({
    data: yup
      .array(yup.mixed<Record<string, unknown>>(isJsonObject).typeError('${path} must be a JSON object').defined('${path} must be a JSON object').meta({ jsonSchema: { type: 'object' } }))
      .required('data (an array of items) is required')
      .max(BULK_LIMIT, `at most ${BULK_LIMIT} items per request`),
  }),
);

export const bulkDeleteBody = jsonObjectBody(
  yup.object({
    refs: yup.array(externalRef().required()).required('refs (an array of externalRefs) is required').max(BULK_LIMIT, `at most ${BULK_LIMIT} refs per request`),
  }),
);
