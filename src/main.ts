// Entry point: validate configuration, open resources, serve, and shut down gracefully on SIGTERM/SIGINT.
import type { Server } from 'node:http';
import { ConfigError, loadConfig } from './config.ts';
import { openRuntime } from './runtime.ts';
import { buildApp } from './app.ts';
import { indexedDueListings, StateJob } from './jobs/state-job.ts';
import { MailboxStartError, startLocalMailbox } from './mail/local-mailbox.ts';

async function start(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const runtime = openRuntime(config);
  const mailbox = await startLocalMailbox(config, runtime.logger);
  await Promise.all([runtime.listingIndex.ensure(), runtime.gazetteer.warm()]);
  if (!(await runtime.listingIndex.isCurrent())) runtime.logger.warn('the listing index was built with an older mapping: run `npm run reindex`');
  if (config.WEBHOOK_WORKER) runtime.webhookWorker.start();
  runtime.listingStats.start();
  if (config.REINDEX_WORKER) runtime.worker.start();
  // what lets a kept search response be sent without asking the engine (search/index-changes.ts)
  if (config.SEARCH_MEMO_BOUND_MS > 0) runtime.indexChanges.start();
  const stateJob = new StateJob(runtime.prisma, runtime.logger, indexedDueListings(runtime.search, runtime.listingIndex.alias));
  stateJob.start();
  const { app, customers, places, alerts, progressMails, feedImports, warmReference } = buildApp(runtime);
  // lookup lists, schemes and portal settings in memory before the database can go away (db/kept-reference.ts)
  await warmReference();
  if (config.ALERT_JOB) {
    alerts.start();
    // a listing's change is matched against saved searches as soon as the index holds it, not at the minute
    runtime.worker.onIndexed(() => alerts.wake());
    // the customers' e-mails of their applications' progress go with the alert e-mails
    progressMails.start();
  }
  if (config.FEED_IMPORT_JOB) feedImports.start();
  if (mailbox) customers.mailer.useSmtp(mailbox.smtp);
  // the autocomplete index (about 1.5 s to build) is made now rather than by the first request
  void places.warm().catch((err: unknown) => runtime.logger.error({ err }, 'the place autocomplete index could not be built'));
  const server: Server = app.listen(config.PORT, config.HOST, () => {
    runtime.logger.info({ host: config.HOST, port: config.PORT, env: config.APP_ENV }, 'listening');
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    runtime.logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      runtime.logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(() => {
      void Promise.all([stateJob.stop(), alerts.stop(), progressMails.stop(), feedImports.stop()])
        .then(() => customers.mailer.close())
        .then(() => mailbox?.stop())
        .then(() => runtime.close())
        .then(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

start().catch((err: unknown) => {
  if (err instanceof MailboxStartError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error('start-up failed:', err);
  process.exit(1);
});
