import { dataEnvelope, json, ref, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentNameOf, componentsOf } from '../core/openapi/from-yup.ts';
import { lookupItemPayloads } from './lookup-payload.ts';
import { countyPayload, localAuthorityPayload, regionPayload } from '../postcodes/local-authority-payload.ts';
import { LOOKUP_LISTS, type LookupShape } from './lookup-lists.ts';


const itemSchema = Object.fromEntries(
  Object.entries(lookupItemPayloads).map(([shape, payload]) => [shape, componentNameOf(payload)]),
) as Record<LookupShape, string>;

export const lookupSchemas: Record<string, JsonSchema> = componentsOf(
  ...Object.values(lookupItemPayloads),
  regionPayload,
  countyPayload,
  localAuthorityPayload,
);

function listOperation(list: string, schema: string, family: string) {
  return {
    get: {
      tags: ['Lookup lists'],
      summary: `The ${list.replace(/-/g, ' ')} list`,
      operationId: `${family}List_${list.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`,
      responses: { 200: json(dataEnvelope(ref(schema))) },
    },
  };
}

export function lookupPaths(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [family, prefix] of [
    ['portal', '/api/rest/portal/lists'],
    ['open', '/api/rest/open/lists'],
  ] as const) {
    for (const [list, shape] of Object.entries(LOOKUP_LISTS)) paths[`${prefix}/${list}`] = listOperation(list, itemSchema[shape], family);
    paths[`${prefix}/local-authorities`] = listOperation('local-authorities', 'LocalAuthority', family);
    paths[`${prefix}/counties`] = listOperation('counties', 'County', family);
  }
  return paths;
}
