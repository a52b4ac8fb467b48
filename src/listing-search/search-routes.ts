// The portal search and its map listings, each route declared once (router and document).
import type { Context, Middleware } from 'koa';
import type { RequestState } from '../core/http-context.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { dataEnvelope, engineUnavailable, json, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import type { PortalService } from '../portals/portal-settings.ts';
import { parseSearchParams } from '../search-criteria/search-params.ts';
import { portalFromHeaders } from './request-headers.ts';
import type { SearchResponder } from './search-responder.ts';
import { badBearer, optionalBearer, portalHeaders, searchParameters } from './search-openapi.ts';

export interface CustomerAwareState extends RequestState {
  /** set by the optional bearer-token middleware; null when nobody is signed in */
  customerId?: number | null;
}

export interface SearchRouteDeps {
  searches: SearchResponder;
  portals: PortalService;
  /** sets ctx.state.customerId from an optional bearer token */
  signedIn: Middleware;
}

/** A body in the encoding the client takes: gzipped when it accepts gzip. */
function send(ctx: Context, body: { json(): Buffer; gzipped(): Buffer }): void {
  ctx.type = 'application/json';
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = body.gzipped();
  } else {
    ctx.body = body.json();
  }
}

const tags = ['Search'];
const doc = { security: optionalBearer };
const use = ({ signedIn }: SearchRouteDeps) => [signedIn];
const parameters = () => [...portalHeaders, ...searchParameters()];

export const searchRoutes = defineRoutes<SearchRouteDeps, CustomerAwareState>([
  route<SearchRouteDeps, CustomerAwareState>({
    method: 'get',
    path: '/api/rest/portal/search',
    tags,
    operationId: 'searchListings',
    summary: 'Search listings: location and radius, filters, facets, sorting, featured listings and the map',
    doc: {
      ...doc,
      description:
        'Featured listings (up to the portal setting, lowered by max_featured) come before the page of results and rotate across pages; `pagination` counts the regular results. ' +
        "With `source`, that partner's listings come first. Pages after the first carry only data, pagination and links unless the portal says otherwise. `mapListings` holds at most 1000 listings; " +
        '`without_map=1` leaves them out (ask GET /api/rest/portal/search/map-listings for them when the map shows). ' +
        'Gzipped to clients that accept it, as every body over 1 KB (a first page with its map listings: about 275 KB of JSON, 27–36 KB gzipped).',
    },
    use,
    parameters: parameters(),
    responses: { 200: json(ref('SearchEnvelope')), 401: badBearer, 422: validationResponse, 503: engineUnavailable },
    async handler(ctx, _input, { searches, portals }) {
      const portal = await portalFromHeaders(ctx.headers, portals);
      // parsed by the search's own parser, which keeps parameters' objects by query string (plans are kept by them)
      const params = parseSearchParams(ctx.query);
      send(ctx, await searches.respond(params, portal, ctx.state.customerId ?? null, ctx.state.url));
    },
  }),
  route<SearchRouteDeps, CustomerAwareState>({
    method: 'get',
    path: '/api/rest/portal/search/map-listings',
    tags,
    operationId: 'searchMapListings',
    summary: "A search's map listings alone: the mapListings its first page would carry",
    doc: {
      ...doc,
      description:
        'The same parameters as the search; page, size, max_featured and without_map change nothing. Every matching listing (at most 1000), in the field set the portal chooses, whatever its mapListings setting.',
    },
    use,
    parameters: parameters(),
    responses: { 200: json(dataEnvelope(ref('MapListing'))), 401: badBearer, 422: validationResponse, 503: engineUnavailable },
    async handler(ctx, _input, { searches, portals }) {
      const portal = await portalFromHeaders(ctx.headers, portals);
      send(ctx, await searches.respondMap(parseSearchParams(ctx.query), portal, ctx.state.customerId ?? null));
    },
  }),
]);
