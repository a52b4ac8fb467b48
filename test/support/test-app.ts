// One real application per test run, on a random port, over the test database and index prefix, with its
// own mailbox: the test app sends its e-mails there although APP_ENV=test (TEST_ENV_SENDS_MAIL).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig } from '../../src/config.ts';
import { openRuntime, type Runtime } from '../../src/runtime.ts';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { startBackground, type Background } from '../../src/background.ts';
import { resetInventory } from './reset.ts';
import { setTestMailbox, smtpSink, startTestMailbox } from './smtp-sink.ts';
import { freePort } from './free-port.ts';

export interface TestApp {
  baseUrl: string;
  runtime: Runtime;
  built: BuiltApp;
}

// Mocha loads some test files through require() and others through import(), which can give this
// module two instances; the running app is therefore kept on globalThis, shared by both.
const holder = globalThis as { __portalTestApp?: { app: TestApp; server: Server; background?: Background } };

export function testApp(): TestApp {
  if (!holder.__portalTestApp) throw new Error('the test application is not started (test/support/hooks.ts)');
  return holder.__portalTestApp.app;
}

// webhook retries start after 1 s (the job queue's least), so that a delivery failing a few times is retried within a test
// the test client stands for one reverse proxy: tests give themselves client addresses with X-Forwarded-For
const TEST_ENV = {
  PORT: '0',
  TRUSTED_PROXY_COUNT: '1',
  APP_ENV: 'test',
  REINDEX_POLL_MS: '50',
  TEST_ENV_SENDS_MAIL: 'true',
  WEBHOOK_POLL_MS: '500',
  WEBHOOK_RETRY_BASE_MS: '1000',
};

/**
 * Where the apps' magic links may point: the made-up portal of the tests' links (LINK_BASE in
 * customers.ts) and the app's own origin (its portal's pages). `{ PORTAL_ORIGINS: undefined }` in a
 * variant's environment leaves the default: the service's own origin.
 */
const testPortalOrigins = (port: number) => ({ PORTAL_ORIGINS: `https://portal.example.org,http://127.0.0.1:${port}`, PORT: String(port) });

async function listen(built: BuiltApp, port: number): Promise<{ server: Server; baseUrl: string }> {
  const server = built.app.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function startTestApp(): Promise<void> {
  const mailbox = await startTestMailbox();
  const port = await freePort();
  // the port it listens on, so that the links of its e-mails (PUBLIC_BASE_URL unset) lead to it
  const config = loadConfig({ ...process.env, ...TEST_ENV, ...testPortalOrigins(port) });
  const runtime = openRuntime(config);
  await runtime.jobs.start();
  const built = buildApp(runtime);
  built.customers.mailer.useSmtp(mailbox.smtp);
  setTestMailbox(mailbox, () => built.mails.delivery.runOnce());
  const { server, baseUrl } = await listen(built, port);
  holder.__portalTestApp = { app: { baseUrl, runtime, built }, server };
  await resetInventory(holder.__portalTestApp.app);
  // the alert, progress-mail and state jobs are run by the tests that need them, when they need them
  const background = startBackground(runtime, built, ['index-changes', 'webhook-delivery', 'listing-stats', 'reindex-worker', 'feed-import-job']);
  holder.__portalTestApp.background = background;
}

export interface VariantApp {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Another application over the test app's database and index, with some variables of its environment
 * changed (e.g. `{ APP_ENV: 'live' }`), sending its e-mails to the run's mailbox; close it after use.
 */
export async function startVariantApp(env: Record<string, string | undefined>): Promise<VariantApp> {
  const { runtime } = testApp();
  const port = await freePort();
  // live asks for its public address: the variant's own, unless the test names one
  const ownAddress = env.APP_ENV === 'live' ? { PUBLIC_BASE_URL: `http://127.0.0.1:${port}` } : {};
  const config = loadConfig({ ...process.env, ...TEST_ENV, ...testPortalOrigins(port), ...ownAddress, ...env });
  // no metrics of its own: the runtime's registry belongs to the run's application
  const built = buildApp({ ...runtime, config, metrics: null });
  built.customers.mailer.useSmtp((await smtpSink()).smtp);
  const { server, baseUrl } = await listen(built, port);
  return {
    baseUrl,
    close: () =>
      new Promise<void>((resolve) => server.close(() => resolve())).then(() => built.customers.mailer.close()),
  };
}

export async function stopTestApp(): Promise<void> {
  const running = holder.__portalTestApp;
  if (running) {
    await new Promise<void>((resolve) => running.server.close(() => resolve()));
    running.app.built.customers.mailer.close();
    await running.background?.stop();
    await running.app.runtime.close();
    delete holder.__portalTestApp;
  }
  const mailbox = await smtpSink().catch(() => undefined);
  await mailbox?.stop();
  setTestMailbox(undefined);
}
