// Every background role of the process, in one place (as Outline's server/services/index.ts): how each is
// built, whether the configuration runs it, and the order in which they start and stop.
//
// The roles the request path also reaches are built here but held where their dependencies live: the
// runtime holds the reindex worker (with its outbox listener and refresh scheduler) and the listing
// statistics counters (a request counts into them; the stores' guards nudge the worker); the app holds
// the alert, mail-delivery, webhook-delivery and feed-import jobs (they share its services; its routes
// and changes wake them). `startBackground` then starts those the configuration enables, and its `stop()` ends them all.
import { publicBaseUrlOf, type Config } from './config.ts';
import type { Logger } from './core/logger.ts';
import type { PrismaClient } from './db/prisma.ts';
import type { SearchClient } from './search/client.ts';
import type { Metrics } from './metrics/metrics-registry.ts';
import type { Mailer } from './mail/mailer.ts';
import type { IndexChanges } from './search/index-changes.ts';
import type { ListingIndexer } from './indexing/listing-indexer.ts';
import { ReindexWorker } from './indexing/reindex-worker.ts';
import { OutboxListener } from './indexing/outbox-listener.ts';
import { RefreshScheduler } from './indexing/refresh-scheduler.ts';
import { ListingStats } from './listing-stats/listing-stats-recorder.ts';
import { WebhookSender, WEBHOOK_TIMEOUT_MS } from './webhooks/webhook-sender.ts';
import { WEBHOOK_KIND, WebhookJob, webhookRetries } from './webhooks/webhook-job.ts';
import { indexedDueListings, STATE_KIND, STATE_SCHEDULE, StateJob } from './jobs/state-job.ts';
import { AlertJob } from './alerts/alert-job.ts';
import { AlertMatcher } from './alerts/alert-matcher.ts';
import { AlertDelivery } from './alerts/alert-delivery.ts';
import { alertLinks } from './alerts/alert-links.ts';
import { ALERT_CHECK_KIND, AlertChecks } from './alerts/alert-checks.ts';
import { AlertCheckJob } from './alerts/alert-check-job.ts';
import { ALERT_DELIVERY_KIND } from './alerts/alert-delivery-jobs.ts';
import type { PersonalOf } from './listing-search/personal-fields.ts';
import { MailDelivery } from './mail/mail-delivery.ts';
import { MailJob } from './mail/mail-job.ts';
import { MAIL_KIND, type MailOutbox } from './mail/mail-outbox.ts';
import { JobQueue, type QueueSettings } from './db/job-queue.ts';
import { FeedImportJob } from './feeds/feed-import-job.ts';
import { checkOneHandlerEach, type JobKind } from './core/job-kinds.ts';
import { FEED_IMPORT_KIND, type FeedImportService } from './feeds/feed-import-service.ts';
import { PictureSizesJob } from './feeds/picture-sizes-job.ts';
import { PICTURE_SIZES_KIND, PictureSizes } from './feeds/picture-sizes.ts';
import type { FeedMedia } from './feeds/feed-media.ts';
import type { ListingSyncService } from './listings/listing-sync-service.ts';
import type { PropertyService } from './inventory/property-service.ts';

/** the base of the links in e-mails: PUBLIC_BASE_URL, else the service on this machine */

/** the reindex worker: copies the outbox's listing changes to the index (woken by NOTIFY, else it polls) */
export function reindexWorker(
  config: Config,
  deps: { prisma: PrismaClient; indexer: ListingIndexer; alias: string; logger: Logger; metrics: Metrics | null },
): ReindexWorker {
  const { prisma, indexer, alias, logger, metrics } = deps;
  return new ReindexWorker(prisma, indexer, logger, {
    alias,
    pollMs: config.REINDEX_POLL_MS,
    observer: metrics?.reindex,
    listener: new OutboxListener(config.DATABASE_URL, logger),
    refresher: new RefreshScheduler((targets) => indexer.refresh(targets), config.REINDEX_REFRESH_GAP_MS, logger),
  });
}

/** a lead webhook's retries as the configuration sets them (given to each job as it is enqueued) */
export const webhookRetriesOf = (config: Config) => webhookRetries(config.WEBHOOK_RETRY_BASE_MS, config.WEBHOOK_RETRY_MAX_MS);

/** the webhook delivery: posts lead events to the accounts' endpoints, a job each on the job queue */
export function webhookJob(config: Config, deps: { prisma: PrismaClient; jobs: JobQueue; logger: Logger }): WebhookJob {
  const sender = new WebhookSender({ live: config.APP_ENV === 'live', timeoutMs: WEBHOOK_TIMEOUT_MS });
  const options = { concurrency: config.WEBHOOK_CONCURRENCY, perAccount: config.WEBHOOK_PER_ACCOUNT, pollMs: config.WEBHOOK_POLL_MS };
  return new WebhookJob(deps.prisma, sender, deps.jobs, deps.logger, options, webhookRetriesOf(config));
}

/** the listing statistics counters: impressions and views added up in memory, written every LISTING_STATS_FLUSH_MS */
export function listingStatsCounters(config: Config, prisma: PrismaClient, logger: Logger): ListingStats {
  return new ListingStats(prisma, logger, { enabled: config.LISTING_STATS, flushMs: config.LISTING_STATS_FLUSH_MS, visitorKey: config.JWT_SECRET });
}

/** the alert job: the matcher of listing changes (the alert-check role's) and the delivery of the alert e-mails due on the e-mail outbox (the alert-delivery role's) */
export function alertJob(
  config: Config,
  deps: { prisma: PrismaClient; search: SearchClient; alias: string; logger: Logger; outbox: MailOutbox; personalOf: PersonalOf },
  matching: ConstructorParameters<typeof AlertMatcher>[1],
): AlertJob {
  const { prisma, search, alias, logger, outbox, personalOf } = deps;
  return new AlertJob(
    new AlertMatcher(prisma, matching),
    new AlertDelivery(prisma, search, alias, outbox, alertLinks(publicBaseUrlOf(config)), personalOf),
    matching.jobs,
    logger,
  );
}

/** the alert-check job: matches the listing changes the index holds against saved searches, a batch of checks at once */
export function alertCheckJob(alerts: AlertJob, jobs: JobQueue, logger: Logger): AlertCheckJob {
  return new AlertCheckJob(alerts.matcher, jobs, logger);
}

/** the mail delivery: sends the e-mail outbox's e-mails, a job each on the job queue */
export function mailJob(deps: { prisma: PrismaClient; mailer: Mailer; logger: Logger; metrics: Metrics | null; jobs: JobQueue }): MailJob {
  const { prisma, mailer, logger, metrics, jobs } = deps;
  return new MailJob(new MailDelivery(prisma, mailer, logger, jobs, metrics?.mails), jobs, logger);
}

/**
 * The kinds whose work is a job on the job queue (db/job-queue.ts), with how each is retried. An e-mail:
 * twenty retries from 5 s, doubling up to half an hour (about six hours in all: a short outage of the
 * database or the mail server delays it seconds, not minutes), then a dead letter. A lead webhook: in
 * order per lead, retried from 30 s, doubling up to an hour, for 24 hours (each job carries the retries
 * its configuration sets: WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_MS), then a dead letter that lets the
 * lead's later events go. The state job: one running and one waiting at most across instances, one
 * retry (the next minute's run is another). A feed import: in order per account, an hour at most, three
 * retries (an instance that died). An alert check: one waiting a listing (`short`), tried again from 2 s,
 * doubling up to 5 minutes, while the index does not hold the listing's change yet or the engine is out
 * of reach (about eight hours in all). A picture sizes job (up to 100 pictures of an import): any
 * instance, a quarter of an hour at most, three retries. A customer's alert e-mail: one running and one
 * waiting at most a customer across instances (`stately`, keyed by customer), five minutes at most (a
 * batch is one transaction), five retries from 5 s, doubling up to 2 minutes; a job that fails for good
 * leaves the matches due, and the next minute's tick enqueues the customer again.
 */
export const QUEUES: Readonly<Record<string, QueueSettings>> = {
  [MAIL_KIND]: { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 120 },
  // an attempt takes 10 s at most (WEBHOOK_TIMEOUT_MS)
  [WEBHOOK_KIND]: { policy: 'key_strict_fifo', ...webhookRetries(30_000, 3_600_000), expireInSeconds: 60, deadFreesKey: true },
  [STATE_KIND]: { policy: 'stately', retryLimit: 1, retryDelay: 5, expireInSeconds: 300 },
  [FEED_IMPORT_KIND]: { policy: 'key_strict_fifo', retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 3600 },
  [ALERT_CHECK_KIND]: { policy: 'short', retryLimit: 100, retryDelay: 2, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 300 },
  [PICTURE_SIZES_KIND]: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 900 },
  [ALERT_DELIVERY_KIND]: { policy: 'stately', retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 120, expireInSeconds: 300 },
};

/** the job queue every instance enqueues on and the roles' workers take from */
export function jobQueue(config: Config, logger: Logger): JobQueue {
  return new JobQueue(config.DATABASE_URL, logger, QUEUES);
}

/** the feed import job: runs the queued BLM imports */
export function feedImportJob(config: Config, imports: FeedImportService, jobs: JobQueue, logger: Logger): FeedImportJob {
  return new FeedImportJob(imports, jobs, logger, config.FEED_IMPORTS_AT_ONCE);
}

/** the picture sizes job: makes the smaller sizes of the feed imports' pictures after each import */
export function pictureSizesJob(deps: {
  prisma: PrismaClient;
  media: FeedMedia;
  sync: { listings: ListingSyncService; properties: PropertyService };
  jobs: JobQueue;
  logger: Logger;
}): PictureSizesJob {
  const { prisma, media, sync, jobs, logger } = deps;
  return new PictureSizesJob(new PictureSizes(prisma, media, sync, logger), jobs, logger);
}

export type RoleName = 'index-changes' | 'reindex-worker' | 'webhook-delivery' | 'listing-stats' | 'state-job' | 'alert-delivery' | 'mail-delivery' | 'feed-import-job' | 'alert-check' | 'picture-sizes';

/**
 * Every background job kind, with its flag, concurrency and schedule: one row each, one handler each
 * (`rolesOf` below; the runner refuses to start otherwise, core/job-kinds.ts). docs/operations.md shows
 * the same table. docs/decisions.md ("Background jobs") says why pg-boss is the queue and why the
 * listing outbox keeps its own ledger.
 */
export const JOB_KINDS: readonly JobKind<RoleName>[] = [
  { kind: 'index-changes', flag: 'SEARCH_MEMO_BOUND_MS (0 turns it off)', concurrency: '1 listener', schedule: 'LISTEN index_changes', queue: 'none (a notification)' },
  { kind: 'webhook-delivery', flag: 'WEBHOOK_WORKER', concurrency: 'WEBHOOK_CONCURRENCY (16), WEBHOOK_PER_ACCOUNT (4)', schedule: 'the job queue (LISTEN/NOTIFY at each commit that enqueued one; retries due looked for every WEBHOOK_POLL_MS, 5 s)', queue: 'job queue (key_strict_fifo: in order per lead); the event in WebhookDelivery' },
  { kind: 'listing-stats', flag: null, concurrency: '1', schedule: 'flush every LISTING_STATS_FLUSH_MS (1 s)', queue: 'in memory, then ListingDailyStat' },
  { kind: 'reindex-worker', flag: 'REINDEX_WORKER', concurrency: '1 batch', schedule: 'LISTEN listing_outbox, poll every REINDEX_POLL_MS (1 s)', queue: 'ListingOutbox (its own ledger: external versions, batches)' },
  { kind: 'state-job', flag: null, concurrency: '1 across instances', schedule: `job queue cron ${STATE_SCHEDULE}, once across instances`, queue: 'job queue (stately: one at a time)' },
  { kind: 'alert-delivery', flag: 'ALERT_JOB', concurrency: '1 batch of up to 50 customers a process; 1 a customer across instances', schedule: 'the job queue (a customer enqueued by each batch of checks that matched them instantly, in its transaction; node-cron every minute for the customers with matches due)', queue: 'job queue (stately, keyed by customer: one running, one waiting a customer); the matches in AlertMatch, the e-mails on the e-mail outbox' },
  { kind: 'alert-check', flag: 'ALERT_JOB', concurrency: '1 batch of up to 200 a process', schedule: 'the job queue (LISTEN/NOTIFY at each listing write)', queue: 'job queue (short: one waiting a listing); ListingAlertState' },
  { kind: 'mail-delivery', flag: 'MAIL_DELIVERY', concurrency: '1 batch of up to 10 a process', schedule: 'the job queue (LISTEN/NOTIFY at each commit that enqueued one)', queue: 'job queue; the rendered e-mail in OutgoingMail' },
  { kind: 'feed-import-job', flag: 'FEED_IMPORT_JOB', concurrency: 'FEED_IMPORTS_AT_ONCE (2)', schedule: 'the job queue, woken at each upload', queue: 'job queue (key_strict_fifo: in order per account); the import in FeedImport' },
  { kind: 'picture-sizes', flag: 'FEED_IMPORT_JOB', concurrency: '1 job (up to 100 pictures, 2 at once) a process', schedule: 'the job queue, enqueued as each import ends', queue: 'job queue (any instance); the pictures in the picture store' },
];

/**
 * What the roles are started from: the runtime's workers and the app's jobs, as the runtime and the app
 * hold them (named here by their own types, so that this module, which both of those import for their
 * builders, imports neither of them).
 */
export interface BackgroundHost {
  config: Config;
  prisma: PrismaClient;
  logger: Logger;
  search: SearchClient;
  listingIndex: { alias: string };
  worker: ReindexWorker;
  listingStats: ListingStats;
  indexChanges: IndexChanges;
  jobs: JobQueue;
}
export interface BackgroundJobs {
  alerts: AlertJob;
  alertChecks: AlertCheckJob;
  mails: MailJob;
  webhooks: WebhookJob;
  feedImports: FeedImportJob;
  pictureSizes: PictureSizesJob;
}

interface Role {
  name: RoleName;
  /** whether the configuration runs it in this process */
  enabled: boolean;
  start(): void;
  stop(): Promise<unknown>;
}

/** the roles of a process, in the order they start (they stop in the reverse order) */
function rolesOf(runtime: BackgroundHost, app: BackgroundJobs): Role[] {
  const { config, prisma, logger, worker, listingStats } = runtime;
  const { jobs } = runtime;
  const state = new StateJob(prisma, logger, indexedDueListings(runtime.search, runtime.listingIndex.alias), undefined, new AlertChecks(jobs));
  const { alerts, alertChecks, mails, webhooks, feedImports, pictureSizes } = app;
  return [
    // what lets a kept search response be sent without asking the engine (search/index-changes.ts); the
    // runtime's close() ends it, after the last write it may have to announce
    { name: 'index-changes', enabled: config.SEARCH_MEMO_BOUND_MS > 0, start: () => runtime.indexChanges.start(), stop: () => Promise.resolve() },
    { name: 'webhook-delivery', enabled: config.WEBHOOK_WORKER, start: () => webhooks.start(), stop: () => webhooks.stop() },
    // the counters flush whatever the configuration: with LISTING_STATS=false they hold nothing
    { name: 'listing-stats', enabled: true, start: () => listingStats.start(), stop: () => listingStats.stop() },
    { name: 'reindex-worker', enabled: config.REINDEX_WORKER, start: () => worker.start(), stop: () => worker.stop() },
    {
      name: 'state-job',
      enabled: true,
      start: () => {
        void Promise.all([
          jobs.schedule(STATE_KIND, STATE_SCHEDULE),
          jobs.work(STATE_KIND, { concurrency: 1 }, async () => {
            const run = await state.runOnce();
            if (run.firstDibsCleared || run.listingsReleased || run.mailsForgotten) logger.info(run, 'state job');
          }),
        ]).catch((err: unknown) => logger.error({ err: String(err) }, 'the state job could not start'));
      },
      stop: () => jobs.offWork(STATE_KIND),
    },
    // the customers' alert e-mails when due: a job a customer, one at a time a customer across instances
    { name: 'alert-delivery', enabled: config.ALERT_JOB, start: () => alerts.start(), stop: () => alerts.stop() },
    // the e-mail outbox's e-mails (registrations, bookings, application progress)
    { name: 'mail-delivery', enabled: config.MAIL_DELIVERY, start: () => mails.start(), stop: () => mails.stop() },
    { name: 'feed-import-job', enabled: config.FEED_IMPORT_JOB, start: () => feedImports.start(), stop: () => feedImports.stop() },
    // the listing changes matched against saved searches, a job a listing enqueued by its write
    { name: 'alert-check', enabled: config.ALERT_JOB, start: () => alertChecks.start(), stop: () => alertChecks.stop() },
    // the smaller sizes of the imports' pictures: wherever imports run (the same kind of work)
    { name: 'picture-sizes', enabled: config.FEED_IMPORT_JOB, start: () => pictureSizes.start(), stop: () => pictureSizes.stop() },
  ];
}
export interface Background {
  /** the roles started, in order */
  readonly started: RoleName[];
  /** stops the started roles, the last started first */
  stop(): Promise<void>;
}

/**
 * Starts the background roles the configuration enables, or, with `only`, those of them named (the
 * tests run some; a process of the fault run only the workers).
 */
export function startBackground(runtime: BackgroundHost, app: BackgroundJobs, only?: RoleName[]): Background {
  const all = rolesOf(runtime, app);
  checkOneHandlerEach(JOB_KINDS, all);
  const roles = all.filter((role) => role.enabled && (!only || only.includes(role.name)));
  for (const role of roles) role.start();
  return {
    started: roles.map((role) => role.name),
    async stop() {
      for (const role of [...roles].reverse()) await role.stop();
    },
  };
}
