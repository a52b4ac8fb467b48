// The OpenAPI 3.1 document of everything the service serves, assembled from each domain's fragment.
import { commonSchemas } from '../core/openapi/components.ts';
import { withEdgeResponses } from './conventions.ts';
import { lookupSchemas } from '../lookups/lookup-openapi.ts';
import { lookupRoutes } from '../lookups/lookup-routes.ts';
import { postcodeRoutes } from '../postcodes/postcode-routes.ts';
import { placeSchemas } from '../places/place-openapi.ts';
import { placeRoutes } from '../places/place-routes.ts';
import { healthRoutes } from '../health/health-routes.ts';
import { metricsRoutes } from '../metrics/metrics-routes.ts';
import { syncSchemas, syncSecuritySchemes } from '../sync-api/sync-openapi.ts';
import { syncRoutes } from '../sync-api/sync-routes.ts';
import { bulkRoutes } from '../sync-api/bulk-routes.ts';
import { authSchemas, authSecuritySchemes } from '../auth/auth-openapi.ts';
import { authRoutes } from '../auth/auth-routes.ts';
import { customerSchemas } from '../customers/customer-openapi.ts';
import { profileRoutes } from '../profile/profile-routes.ts';
import { favouriteRoutes } from '../favourites/favourite-routes.ts';
import { savedSearchSchemas } from '../saved-searches/saved-search-openapi.ts';
import { savedSearchRoutes } from '../saved-searches/saved-search-routes.ts';
import { searchSchemas } from '../listing-search/search-openapi.ts';
import { searchRoutes } from '../listing-search/search-routes.ts';
import { listingReadSchemas } from '../listing-reads/listing-read-openapi.ts';
import { listingReadRoutes } from '../listing-reads/listing-read-routes.ts';
import { areaSchemas } from '../areas/area-openapi.ts';
import { areaEditorRoutes } from '../areas/area-editor-routes.ts';
import { areaRoutes } from '../areas/area-routes.ts';
import { contentSchemas } from '../content/content-openapi.ts';
import { contentEditorRoutes } from '../content/content-editor-routes.ts';
import { contentRoutes } from '../content/content-routes.ts';
import { applicationSchemas } from '../applications/application-openapi.ts';
import { applicationRoutes } from '../applications/application-routes.ts';
import { appointmentSchemas } from '../appointments/appointment-openapi.ts';
import { appointmentRoutes } from '../appointments/appointment-routes.ts';
import { leadSchemas } from '../leads/lead-openapi.ts';
import { leadRoutes } from '../leads/lead-routes.ts';
import { webhookSchemas } from '../webhooks/webhook-openapi.ts';
import { webhookRoutes } from '../webhooks/webhook-routes.ts';
import { listingStatsSchemas } from '../listing-stats/listing-stats-openapi.ts';
import { listingStatsRoutes } from '../listing-stats/listing-stats-routes.ts';
import { previewLinkSchemas } from '../listing-reads/preview-link-openapi.ts';
import { previewLinkRoutes } from '../listing-reads/preview-link-routes.ts';
import { feedSchemas } from '../feeds/feed-openapi.ts';
import { feedRoutes } from '../feeds/feed-routes.ts';
import { rtdfSchemas, rtdfSecuritySchemes } from '../feeds/rtdf/rtdf-openapi.ts';
import { rtdfRoutes } from '../feeds/rtdf/rtdf-routes.ts';

export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Home-seeker portal API',
      version: '0.1.0',
      description:
        'Back end of a UK housing marketplace: lookup lists, postcodes, listings search, customer accounts and the synchronisation interfaces. ' +
        'Collections are `{data}` or `{data, pagination, links}`; validation errors are 422 `{message, errors}` with messages per parameter; other errors `{message}`. ' +
        'Bodies over 1 KB come gzipped (`Content-Encoding: gzip`) to clients whose `Accept-Encoding` allows it; every response varies by `Accept-Encoding`.',
    },
    servers: [{ url: '/' }],
    paths: withEdgeResponses({ ...healthRoutes.paths(), ...metricsRoutes.paths(), ...lookupRoutes.paths(), ...postcodeRoutes.paths(), ...placeRoutes.paths(), ...syncRoutes.paths(), ...bulkRoutes.paths(), ...searchRoutes.paths(), ...authRoutes.paths(), ...profileRoutes.paths(), ...favouriteRoutes.paths(), ...savedSearchRoutes.paths(), ...listingReadRoutes.paths(), ...areaRoutes.paths(), ...areaEditorRoutes.paths(), ...contentRoutes.paths(), ...contentEditorRoutes.paths(), ...applicationRoutes.paths(), ...appointmentRoutes.paths(), ...leadRoutes.paths(), ...webhookRoutes.paths(), ...listingStatsRoutes.paths(), ...previewLinkRoutes.paths(), ...feedRoutes.paths(), ...rtdfRoutes.paths() } as Record<string, Record<string, unknown>>),
    components: {
      schemas: { ...commonSchemas, ...lookupSchemas, ...placeSchemas, ...syncSchemas, ...searchSchemas, ...customerSchemas, ...savedSearchSchemas, ...authSchemas, ...listingReadSchemas, ...areaSchemas, ...contentSchemas, ...applicationSchemas, ...appointmentSchemas, ...leadSchemas, ...webhookSchemas, ...listingStatsSchemas, ...previewLinkSchemas, ...feedSchemas, ...rtdfSchemas },
      securitySchemes: { ...syncSecuritySchemes, ...authSecuritySchemes, ...rtdfSecuritySchemes },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
