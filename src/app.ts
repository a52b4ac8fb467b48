// Builds the Koa application from its dependencies: middleware first, then one router per domain.
import Koa from 'koa';
import { mountRouter } from './core/route-table.ts';
import { mountRouteTables, type RouteTableDeps } from './api-document/route-tables.ts';
import { publicBaseUrlOf } from './config.ts';
import compress from 'koa-compress';
import { constants as zlib } from 'node:zlib';
import type { RequestState } from './core/http-context.ts';
import { requestContext } from './core/request-context.ts';
import { errorMiddleware } from './core/error-middleware.ts';
import { asDatabaseUnavailable } from './db/database-unavailable.ts';
import { jsonBodiesOnly, noNulInPath } from './core/edge-guards.ts';
import { jsonBody } from './core/json-body.ts';
import { securityHeaders } from './core/security-headers.ts';
import { checkDependencies } from './health/dependency-checks.ts';
import { LookupService } from './lookups/lookup-service.ts';
import { LOOKUP_LISTS } from './lookups/lookup-lists.ts';
import { PostcodeService } from './postcodes/postcode-service.ts';
import { PlaceSuggestionService } from './places/place-suggestion-service.ts';
import type { Runtime } from './runtime.ts';
import { ApiAccountService } from './api-accounts/api-account-service.ts';
import type { SyncDeps } from './sync-api/sync-routes.ts';
import { openapiRoutes } from './api-document/openapi-routes.ts';
import { DevelopmentService } from './inventory/development-service.ts';
import { PropertyService } from './inventory/property-service.ts';
import { ListingSyncService } from './listings/listing-sync-service.ts';
import { MarketplaceService } from './sync-api/marketplace-service.ts';
import { SchemeService } from './schemes/scheme-service.ts';
import { ListingVisibility } from './indexing/listing-visibility.ts';
import { customerServices, type CustomerServices } from './customer-services.ts';
import { DEFAULT_PORTAL_ID, PortalService } from './portals/portal-settings.ts';
import { PartnerService } from './listings/partner-service.ts';
import { LocalAuthorityRegions } from './eligibility/eligibility-values.ts';
import { ListingSearchService } from './listing-search/search-service.ts';
import { SearchResponder } from './listing-search/search-responder.ts';
import { KeptAnswers } from './listing-search/kept-answers.ts';
import { SearchResponseMemo } from './listing-search/search-response-memo.ts';
import { cachedSchemes, optionCatalogue } from './listing-search/option-catalogue.ts';
import { customerSearchContext } from './customer-search-context.ts';
import { MapListingCache } from './listing-search/map-listing-cache.ts';
import { optionalCustomer, optionalCustomerAlongside } from './auth/bearer.ts';
import { ListingReadService } from './listing-reads/listing-read-service.ts';
import { ListingPageViews } from './listing-index/document/listing-page-views.ts';
import { PreviewLinks } from './listing-reads/preview-links.ts';
import { AreaPageService } from './areas/area-page-service.ts';
import { AreaPageWriter } from './areas/area-page-writer.ts';
import { ContentReadService } from './content/content-read-service.ts';
import { FamilyWriter } from './content/family-writer.ts';
import { PageWriter } from './content/page-writer.ts';
import { TaxonomyWriter } from './content/taxonomy-writer.ts';
import { ApplicationListings } from './applications/application-listings.ts';
import { ApplicationService } from './applications/application-service.ts';
import { ApplicationViews } from './applications/application-views.ts';
import { AppointmentService } from './appointments/appointment-service.ts';
import { AppointmentCalendar } from './appointments/appointment-calendar.ts';
import { LeadService } from './leads/lead-service.ts';
import { LeadProgressService } from './leads/lead-progress-service.ts';
import type { MailJob } from './mail/mail-job.ts';
import type { WebhookJob } from './webhooks/webhook-job.ts';
import { MailOutbox } from './mail/mail-outbox.ts';
import { applicationLinks } from './lead-lifecycle/application-mails.ts';
import { LeadEvents } from './webhooks/lead-events.ts';
import { WebhookService } from './webhooks/webhook-service.ts';
import { ListingStatsService } from './listing-stats/listing-stats-service.ts';
import { SavedSearchService } from './saved-searches/saved-search-service.ts';
import type { AlertJob } from './alerts/alert-job.ts';
import { alertCheckJob, alertJob, feedImportJob, mailJob, pictureSizesJob, webhookJob, webhookRetriesOf } from './background.ts';
import { AlertChecks } from './alerts/alert-checks.ts';
import type { AlertCheckJob } from './alerts/alert-check-job.ts';
import { httpMetrics } from './metrics/http-metrics.ts';
import { registerAppMetrics } from './metrics/app-metrics.ts';
import { portalWeb } from './portal-web/portal-web.ts';
import { mailDeliveryOf } from './portal-web/mail-delivery.ts';
import { servicePageExistence } from './portal-web/portal-pages.ts';
import { FeedMedia } from './feeds/feed-media.ts';
import { mediaStore } from './feeds/media-stores/media-store-of.ts';
import { FeedWriter } from './feeds/feed-writer.ts';
import { FeedImportService } from './feeds/feed-import-service.ts';
import type { FeedImportJob } from './feeds/feed-import-job.ts';
import type { PictureSizesJob } from './feeds/picture-sizes-job.ts';
import { BLM_UPLOAD_PATH, MEDIA_PREFIX } from './feeds/feed-routes.ts';
import { RtdfService } from './feeds/rtdf/rtdf-service.ts';

export type AppDeps = Pick<Runtime, 'config' | 'logger' | 'prisma' | 'pool' | 'search' | 'listingIndex' | 'indexChanges' | 'indexer' | 'gazetteer' | 'metrics' | 'listingStats' | 'jobs'>;

export interface BuiltApp {
  app: Koa<RequestState>;
  /** every route the application serves, for the documentation check */
  routes: { method: string; path: string }[];
  /** customer accounts: sessions, favourites, and the mailer (pointed at a local mailbox in development and tests) */
  customers: CustomerServices;
  /** search responses kept by engine answer (its counts show how many were sent again) */
  searchResponses: SearchResponseMemo;
  searchAnswers: KeptAnswers;
  /** place autocomplete, whose index the entry point builds at start-up */
  places: PlaceSuggestionService;
  /** saved-search alerts: matching and e-mails, which the entry point schedules */
  alerts: AlertJob;
  /** the alert matcher's worker of the alert-check job kind */
  alertChecks: AlertCheckJob;
  /** the mail delivery: sends the e-mail outbox's e-mails (registrations, bookings, progress) */
  mails: MailJob;
  /** the webhook delivery: posts lead events to the providers' endpoints */
  webhooks: WebhookJob;
  /** the feed import job (BLM files), which the entry point starts unless FEED_IMPORT_JOB=false */
  feedImports: FeedImportJob;
  /** the smaller sizes of the feed imports' pictures, made after each import (with FEED_IMPORT_JOB) */
  pictureSizes: PictureSizesJob;
  /** reads the reference data (lookup lists, schemes, the default portal) into memory, as the entry point does at start-up */
  warmReference(): Promise<void>;
}

export function buildApp(deps: AppDeps): BuiltApp {
  const { config, logger, prisma, pool, search, listingIndex, indexer, gazetteer, metrics } = deps;
  // listing performance is counted unless LISTING_STATS=false (the runtime's counters are then idle too)
  const listingStats = config.LISTING_STATS ? deps.listingStats : undefined;
  // X-Forwarded-For (and -Proto, -Host) only through the proxies the configuration names: the client is
  // the entry the outermost trusted proxy added, so entries a client writes itself are never read
  const trustedProxies = config.TRUSTED_PROXY_COUNT;
  const app = new Koa<RequestState>({ proxy: trustedProxies > 0, maxIpsCount: trustedProxies });
  app.silent = true;

  const pageViews = new ListingPageViews(prisma);
  // each write of listings enqueues the alert matcher's checks of them in its transaction
  const alertChecks = new AlertChecks(deps.jobs);
  const inventory = { developments: new DevelopmentService(prisma, alertChecks), properties: new PropertyService(prisma, alertChecks), listings: new ListingSyncService(prisma, alertChecks) };
  const sync: SyncDeps = {
    accounts: new ApiAccountService(prisma),
    ...inventory,
    marketplace: new MarketplaceService(search, listingIndex.alias, pageViews),
    schemes: new SchemeService(prisma),
    visibility: new ListingVisibility(prisma, indexer, listingIndex.alias),
  };
  const accounts = customerServices({ ...deps, listingStats });
  const regions = new LocalAuthorityRegions(prisma);
  const customerContext = customerSearchContext(prisma, regions, accounts.favourites);
  const signedIn = optionalCustomer(accounts.accessTokens);
  const portals = new PortalService(prisma);
  const lookups = new LookupService(prisma);
  const schemeTexts = cachedSchemes(sync.schemes);
  const mapListings = new MapListingCache(search, listingIndex.alias, {
    listings: config.MAP_LISTING_CACHE_SIZE,
    arrayBytes: Math.round(config.MAP_ARRAY_CACHE_MB * 1024 * 1024),
  });
  const listingSearch = new ListingSearchService({
    search,
    alias: listingIndex.alias,
    gazetteer,
    partners: new PartnerService(prisma),
    regions,
    customers: customerContext,
    catalogue: (schemes, forSale) => optionCatalogue(schemes, forSale),
    schemes: schemeTexts,
    mapListings,
    lending: () => indexer.lending(),
  });
  const personal = (customerId: number | null) => listingSearch.personalOf(customerId);
  const places = new PlaceSuggestionService(prisma, gazetteer);
  const searchResponses = new SearchResponseMemo(Math.round(config.SEARCH_RESPONSE_CACHE_MB * 1024 * 1024));
  const searchAnswers = new KeptAnswers(Math.round(config.SEARCH_ANSWER_CACHE_MB * 1024 * 1024));
  const listingReads = new ListingReadService(search, listingIndex.alias, pageViews);
  const previews = new PreviewLinks(prisma, config.JWT_SECRET);
  // every absolute link starts here, never at the request's Host header
  const publicBase = publicBaseUrlOf(config);
  const contentReads = new ContentReadService(prisma);
  const areaPages = new AreaPageService(prisma, listingReads);
  const contentFamilies = new FamilyWriter(prisma);
  const applicationListings = new ApplicationListings(search, listingIndex.alias, pageViews);
  // each lead change records its webhook event and enqueues the job that posts it, in its transaction
  const leadEvents = new LeadEvents(deps.jobs, webhookRetriesOf(config));
  const calendar = new AppointmentCalendar(config.JWT_SECRET, publicBase);
  // every e-mail a change causes goes through the one outbox, enqueued in the change's transaction
  const applicationMails = { outbox: new MailOutbox(deps.jobs), links: applicationLinks(publicBase) };
  const applications = new ApplicationService(prisma, accounts.customers, regions, applicationListings, accounts.auth.limits, leadEvents, listingStats, () => indexer.lending(), applicationMails);
  const applicationViews = new ApplicationViews(prisma, applicationListings, accounts.favourites, accounts.customers, calendar);
  // search first: the busiest route, and every router before it tries its own routes on each request
  const searchResponder = new SearchResponder(listingSearch, { responses: searchResponses, answers: searchAnswers }, listingStats, config.SEARCH_MEMO_BOUND_MS > 0 ? deps.indexChanges : undefined);
  const savedSearches = new SavedSearchService(prisma, gazetteer);
  // the jobs the app's services feed and its routes wake, built where every background role is (background.ts)
  const alerts = alertJob(
    config,
    { prisma, search, alias: listingIndex.alias, logger, outbox: applicationMails.outbox, personalOf: personal },
    {
      pool,
      jobs: deps.jobs,
      search,
      alias: listingIndex.alias,
      gazetteer,
      portals,
      eligibility: (wanted, today) => listingSearch.eligibilityForEach(wanted, today),
      people: (wanted) => listingSearch.personForEach(wanted),
      lending: () => listingSearch.lending(),
    },
  );
  const alertCheckRole = alertCheckJob(alerts, deps.jobs, logger);
  const mails = mailJob({ prisma, mailer: accounts.mailer, logger, metrics, jobs: deps.jobs });
  const feedWriter = new FeedWriter(prisma, inventory);
  const feedMedia = new FeedMedia(mediaStore(config, pool), config.FEED_MEDIA_BASE_URL ?? `${publicBase}${MEDIA_PREFIX}`, {
    maxPixels: config.FEED_PICTURE_MAX_PIXELS,
    timeoutSeconds: config.FEED_PICTURE_TIMEOUT_SECONDS,
  });
  const feedImportService = new FeedImportService(prisma, feedWriter, feedMedia, {
    zip: { maxEntries: config.FEED_ZIP_MAX_FILES, maxUnzippedBytes: config.FEED_UNZIPPED_LIMIT_MB * 1024 * 1024, maxRatio: config.FEED_ZIP_MAX_RATIO },
    concurrency: config.FEED_IMPORT_CONCURRENCY,
  }, deps.jobs);
  const feedImports = feedImportJob(config, feedImportService, deps.jobs, logger);
  const pictureSizes = pictureSizesJob({ prisma, media: feedMedia, sync: inventory, jobs: deps.jobs, logger });
  const webhooks = webhookJob(config, { prisma, jobs: deps.jobs, logger });
  const routeDeps: RouteTableDeps = {
    // search checks a token beside its engine request rather than before it
    search: { searches: searchResponder, portals, signedIn: optionalCustomerAlongside(accounts.accessTokens) },
    health: (timeoutMs) => checkDependencies(prisma, search, timeoutMs),
    lookup: lookups,
    postcode: new PostcodeService(prisma),
    place: places,
    sync,
    bulk: sync,
    feed: {
      accounts: sync.accounts,
      imports: feedImportService,
      media: feedMedia,
      uploadLimitBytes: config.FEED_UPLOAD_LIMIT_MB * 1024 * 1024,
      mediaBaseUrl: config.FEED_MEDIA_BASE_URL ?? `${publicBase}${MEDIA_PREFIX}`,
    },
    rtdf: { accounts: sync.accounts, rtdf: new RtdfService(prisma, feedWriter, inventory), publicBaseUrl: publicBase },
    listingRead: { reads: listingReads, portals, accounts: sync.accounts, previews, customers: customerContext, schemes: sync.schemes, signedIn, stats: listingStats, personal },
    listingStats: { accounts: sync.accounts, stats: new ListingStatsService(prisma) },
    previewLink: { accounts: sync.accounts, previews, portalOrigin: publicBase },
    auth: accounts.auth,
    profile: accounts,
    favourite: { ...accounts, personal },
    savedSearch: { savedSearches, accessTokens: accounts.accessTokens, portals, searches: searchResponder },
    application: {
      applications,
      views: applicationViews,
      listings: applicationListings,
      reads: listingReads,
      portals,
      favourites: accounts.favourites,
      accessTokens: accounts.accessTokens,
      signedIn,
    },
    appointment: {
      appointments: new AppointmentService(prisma, leadEvents, listingStats, applicationMails),
      views: applicationViews,
      accessTokens: accounts.accessTokens,
      calendar,
    },
    lead: {
      accounts: sync.accounts,
      leads: new LeadService(prisma, () => indexer.lending(), leadEvents),
      progress: new LeadProgressService(prisma, leadEvents, applicationMails),
    },
    webhook: { accounts: sync.accounts, webhooks: new WebhookService(prisma, config.APP_ENV === 'live', deps.jobs, webhookRetriesOf(config)) },
    area: { areas: areaPages, accounts: sync.accounts, customers: customerContext, signedIn, personal },
    areaEditor: { accounts: sync.accounts, writer: new AreaPageWriter(prisma) },
    content: { reads: contentReads, accounts: sync.accounts },
    contentEditor: {
      accounts: sync.accounts,
      pages: new PageWriter(prisma, contentFamilies),
      families: contentFamilies,
      taxonomy: new TaxonomyWriter(prisma),
      reads: contentReads,
    },
    metrics: metrics ? { metrics, access: { token: config.METRICS_TOKEN, live: config.APP_ENV === 'live' } } : undefined,
  };
  const routers = mountRouteTables(routeDeps);
  const docs = mountRouter(openapiRoutes());

  if (metrics) {
    app.use(httpMetrics(metrics));
    registerAppMetrics(metrics, { prisma, search, mapListings, searchResponses, searchAnswers, feedImports, jobs: deps.jobs });
  }
  app.use(requestContext(logger, publicBase));
  for (const middleware of securityHeaders()) app.use(middleware);
  // gzip for clients that accept it, at zlib's fastest level: the CPU of compressing a body as it is
  // sent against a tenth of it on the wire. Bodies that come gzipped already pass as they are: search
  // responses, kept ones and built ones with their map listings compressed once (listing-search/raw-json.ts).
  app.use(compress({ threshold: 1024, gzip: { level: zlib.Z_BEST_SPEED }, br: false, deflate: false }));
  app.use(errorMiddleware([asDatabaseUnavailable]));
  // a feed file upload reads its own body (a .blm, a .zip or a form)
  const takesFiles = (path: string) => path === BLM_UPLOAD_PATH;
  app.use(jsonBodiesOnly(takesFiles));
  const regularBody = jsonBody(config.BODY_LIMIT);
  const bulkBody = jsonBody(config.BULK_BODY_LIMIT);
  // bodies are read for these methods only; the others skip the parser altogether
  const withBody = new Set(['POST', 'PUT', 'PATCH']);
  app.use((ctx, next) =>
    !withBody.has(ctx.method) || takesFiles(ctx.path) ? next() : ctx.path.startsWith('/api/bulk/') ? bulkBody(ctx, next) : regularBody(ctx, next),
  );
  app.use(noNulInPath());
  for (const router of [...routers, docs]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  // the reference portal last: its pages and assets, for paths no router answered
  app.use(
    portalWeb({
      tileUrl: config.PORTAL_TILE_URL,
      tileAttribution: config.PORTAL_TILE_ATTRIBUTION,
      mail: mailDeliveryOf(config),
      pages: servicePageExistence({ listings: listingReads, areas: areaPages, contents: contentReads }),
    }),
  );

  const routes = routers.flatMap((router) => router.served());
  const warmReference = async () => {
    await Promise.all([lookups.warm(Object.keys(LOOKUP_LISTS)), sync.schemes.all(), portals.find(DEFAULT_PORTAL_ID)]);
  };
  return { app, routes, customers: accounts, searchResponses, searchAnswers, places, alerts, alertChecks: alertCheckRole, mails, webhooks, feedImports, pictureSizes, warmReference };
}
