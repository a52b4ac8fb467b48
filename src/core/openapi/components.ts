// The components every fragment refers to: the error answers and the envelope's parts (described in
// yup with the error middleware and the envelope), and JsonValue.
import { noProtoKey, type JsonSchema } from './schema-helpers.ts';
import { componentsOf } from './from-yup.ts';
import { errorPayload, validationErrorPayload } from '../error-payload.ts';
import { linksPayload, paginationPayload } from '../envelope-payload.ts';

export const commonSchemas: Record<string, JsonSchema> = {
  ...componentsOf(errorPayload, validationErrorPayload, paginationPayload, linksPayload),
  // Any JSON value in a request body, with no member named `__proto__` at any depth (the body parser
  // refuses such a body with 400).
  JsonValue: {
    anyOf: [
      { type: ['string', 'number', 'boolean', 'null'] },
      { type: 'array', items: { $ref: '#/components/schemas/JsonValue' } },
      { type: 'object', propertyNames: noProtoKey, additionalProperties: { $ref: '#/components/schemas/JsonValue' } },
    ],
  },
};
