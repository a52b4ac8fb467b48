// The lookup lists, the local authorities and the counties, under the portal's and the open prefix.
import { collection } from '../core/envelope.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { dataEnvelope, json, ref } from '../core/openapi/schema-helpers.ts';
import { LOOKUP_LISTS } from './lookup-lists.ts';
import type { LookupService } from './lookup-service.ts';
import { presentLookupItem } from './lookup-presenter.ts';
import { lookupItemSchema } from './lookup-openapi.ts';
import { presentCounty, presentLocalAuthority } from '../postcodes/local-authority-presenter.ts';

const PREFIXES = [
  ['portal', '/api/rest/portal/lists'],
  ['open', '/api/rest/open/lists'],
] as const;

function listRoute(family: string, prefix: string, list: string, schema: string, handler: (lookups: LookupService) => Promise<unknown>) {
  return route<LookupService>({
    method: 'get',
    path: `${prefix}/${list}`,
    tags: ['Lookup lists'],
    summary: `The ${list.replace(/-/g, ' ')} list`,
    operationId: `${family}List_${list.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`,
    responses: { 200: json(dataEnvelope(ref(schema))) },
    async handler(ctx, _input, lookups) {
      ctx.body = await handler(lookups);
    },
  });
}

export const lookupRoutes = defineRoutes<LookupService>(
  PREFIXES.flatMap(([family, prefix]) => [
    ...Object.entries(LOOKUP_LISTS).map(([list, shape]) =>
      listRoute(family, prefix, list, lookupItemSchema[shape], async (lookups) => collection((await lookups.items(list)).map((item) => presentLookupItem(item, shape)))),
    ),
    listRoute(family, prefix, 'local-authorities', 'LocalAuthority', async (lookups) => collection((await lookups.localAuthorities()).map(presentLocalAuthority))),
    listRoute(family, prefix, 'counties', 'County', async (lookups) => collection((await lookups.counties()).map(presentCounty))),
  ]),
);
