import { bool, dataEnvelope, int, json, object, ref, str, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { LOOKUP_LISTS, type LookupShape } from './lookup-lists.ts';


const itemSchema: Record<LookupShape, string> = {
  plain: 'LookupItem',
  owner: 'LivingCircumstance',
  working: 'WorkingCircumstance',
  slugged: 'SluggedLookupItem',
};

export const lookupSchemas: Record<string, JsonSchema> = {
  LookupItem: object({ id: int, name: str }),
  LivingCircumstance: object({ id: int, name: str, owner: bool }),
  WorkingCircumstance: object({ id: int, name: str, working: bool }),
  SluggedLookupItem: object({ id: int, name: str, slug: str }),
  Region: object({ id: int, name: str }),
  County: object({ id: int, name: str, region: ref('Region') }),
  LocalAuthority: object({ id: int, name: str, longName: str, type: str, county: ref('County') }),
};

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
