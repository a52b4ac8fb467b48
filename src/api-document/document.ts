// The OpenAPI 3.1 document of everything the service serves, assembled from each domain's fragment.
import { commonSchemas } from '../core/openapi/components.ts';
import { withEdgeResponses } from './conventions.ts';
import { routeTablePaths } from './route-tables.ts';
import { lookupSchemas } from '../lookups/lookup-openapi.ts';
import { placeSchemas } from '../places/place-openapi.ts';
import { syncSchemas, syncSecuritySchemes } from '../sync-api/sync-openapi.ts';
import { authSchemas, authSecuritySchemes } from '../auth/auth-openapi.ts';
import { customerSchemas } from '../customers/customer-openapi.ts';
import { savedSearchSchemas } from '../saved-searches/saved-search-openapi.ts';
import { searchSchemas } from '../listing-search/search-openapi.ts';
import { listingReadSchemas } from '../listing-reads/listing-read-openapi.ts';
import { areaSchemas } from '../areas/area-openapi.ts';
import { contentSchemas } from '../content/content-openapi.ts';
import { applicationSchemas } from '../applications/application-openapi.ts';
import { appointmentSchemas } from '../appointments/appointment-openapi.ts';
import { leadSchemas } from '../leads/lead-openapi.ts';
import { webhookSchemas } from '../webhooks/webhook-openapi.ts';
import { listingStatsSchemas } from '../listing-stats/listing-stats-openapi.ts';
import { previewLinkSchemas } from '../listing-reads/preview-link-openapi.ts';
import { feedSchemas } from '../feeds/feed-openapi.ts';
import { rtdfSchemas, rtdfSecuritySchemes } from '../feeds/rtdf/rtdf-openapi.ts';

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
    paths: withEdgeResponses(routeTablePaths()),
    components: {
      schemas: { ...commonSchemas, ...lookupSchemas, ...placeSchemas, ...syncSchemas, ...searchSchemas, ...customerSchemas, ...savedSearchSchemas, ...authSchemas, ...listingReadSchemas, ...areaSchemas, ...contentSchemas, ...applicationSchemas, ...appointmentSchemas, ...leadSchemas, ...webhookSchemas, ...listingStatsSchemas, ...previewLinkSchemas, ...feedSchemas, ...rtdfSchemas },
      securitySchemes: { ...syncSecuritySchemes, ...authSecuritySchemes, ...rtdfSecuritySchemes },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
