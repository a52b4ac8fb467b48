// Entry point: validate configuration, open resources, serve, and shut down gracefully on SIGTERM/SIGINT.
import type { Server } from 'node:http';
import { ConfigError, loadConfig } from './config.ts';
import { openRuntime } from './runtime.ts';
import { buildApp } from './app.ts';
import { startBackground } from './background.ts';
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
  await Promise.all([runtime.listingIndex.ensure(), runtime.gazetteer.warm(), runtime.jobs.start()]);
  if (!(await runtime.listingIndex.isCurrent())) runtime.logger.warn('the listing index was built with an older mapping: run `npm run reindex`');
  const built = buildApp(runtime);
  const { app, customers, places, warmReference } = built;
  // lookup lists, schemes and portal settings in memory before the database can go away (db/kept-reference.ts)
  await warmReference();
  // the workers and jobs the configuration enables (src/background.ts)
  const background = startBackground(runtime, built);
  if (mailbox) customers.mailer.useSmtp(mailbox.smtp);
  // the autocomplete index (about 1.5 s to build) is made now rather than by the first request
  void places.warm().catch((err: unknown) => runtime.logger.error({ err }, 'the place autocomplete index could not be built'));
  const server: Server = app.listen(config.PORT, config.HOST, () => {
    runtime.logger.info({ host: config.HOST, port: config.PORT, env: config.APP_ENV, roles: background.started }, `listening; background roles: ${background.started.join(', ') || 'none'}`);
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
      void background
        .stop()
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
