// Every domain's route table, listed once: the app mounts each with the services it is handed, and the
// OpenAPI document lists each one's operations. A domain with routes is added here and nowhere else.
import type { MountedRoutes } from '../core/route-table.ts';
import { searchRoutes } from '../listing-search/search-routes.ts';
import { healthRoutes } from '../health/health-routes.ts';
import { lookupRoutes } from '../lookups/lookup-routes.ts';
import { postcodeRoutes } from '../postcodes/postcode-routes.ts';
import { placeRoutes } from '../places/place-routes.ts';
import { syncRoutes } from '../sync-api/sync-routes.ts';
import { bulkRoutes } from '../sync-api/bulk-routes.ts';
import { feedRoutes } from '../feeds/feed-routes.ts';
import { rtdfRoutes } from '../feeds/rtdf/rtdf-routes.ts';
import { listingReadRoutes } from '../listing-reads/listing-read-routes.ts';
import { listingStatsRoutes } from '../listing-stats/listing-stats-routes.ts';
import { previewLinkRoutes } from '../listing-reads/preview-link-routes.ts';
import { authRoutes } from '../auth/auth-routes.ts';
import { profileRoutes } from '../profile/profile-routes.ts';
import { favouriteRoutes } from '../favourites/favourite-routes.ts';
import { savedSearchRoutes } from '../saved-searches/saved-search-routes.ts';
import { applicationRoutes } from '../applications/application-routes.ts';
import { appointmentRoutes } from '../appointments/appointment-routes.ts';
import { leadRoutes } from '../leads/lead-routes.ts';
import { webhookRoutes } from '../webhooks/webhook-routes.ts';
import { areaRoutes } from '../areas/area-routes.ts';
import { areaEditorRoutes } from '../areas/area-editor-routes.ts';
import { contentRoutes } from '../content/content-routes.ts';
import { contentEditorRoutes } from '../content/content-editor-routes.ts';
import { metricsRoutes } from '../metrics/metrics-routes.ts';

/** The tables in the order the app mounts them (a path two tables could answer goes to the first). */
export const ROUTE_TABLES = {
  search: searchRoutes,
  health: healthRoutes,
  lookup: lookupRoutes,
  postcode: postcodeRoutes,
  place: placeRoutes,
  sync: syncRoutes,
  bulk: bulkRoutes,
  feed: feedRoutes,
  rtdf: rtdfRoutes,
  listingRead: listingReadRoutes,
  listingStats: listingStatsRoutes,
  previewLink: previewLinkRoutes,
  auth: authRoutes,
  profile: profileRoutes,
  favourite: favouriteRoutes,
  savedSearch: savedSearchRoutes,
  application: applicationRoutes,
  appointment: appointmentRoutes,
  lead: leadRoutes,
  webhook: webhookRoutes,
  area: areaRoutes,
  areaEditor: areaEditorRoutes,
  content: contentRoutes,
  contentEditor: contentEditorRoutes,
  metrics: metricsRoutes,
};

type Tables = typeof ROUTE_TABLES;

/** What each table's router is handed; `metrics` only when the service exports metrics. */
export type RouteTableDeps = { [K in Exclude<keyof Tables, 'metrics'>]: Parameters<Tables[K]['router']>[0] } & { metrics?: Parameters<Tables['metrics']['router']>[0] };

/** Every table's router over its services, in ROUTE_TABLES' order. */
export function mountRouteTables(deps: RouteTableDeps): MountedRoutes[] {
  const mounted: MountedRoutes[] = [];
  for (const name of Object.keys(ROUTE_TABLES) as (keyof Tables)[]) {
    const given = deps[name];
    if (given === undefined) continue;
    mounted.push((ROUTE_TABLES[name].router as (d: typeof given) => MountedRoutes)(given));
  }
  return mounted;
}

/** Every table's operations, by path. */
export function routeTablePaths(): Record<string, Record<string, unknown>> {
  return Object.assign({}, ...Object.values(ROUTE_TABLES).map((table) => table.paths()));
}
