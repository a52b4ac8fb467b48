// One real application per test run, on a random port, over the test database and index prefix.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig } from '../../src/config.ts';
import { openRuntime, type Runtime } from '../../src/runtime.ts';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { resetInventory } from './reset.ts';

export interface TestApp {
  baseUrl: string;
  runtime: Runtime;
  built: BuiltApp;
}

// Mocha loads some test files through require() and others through import(), which can give this
// module two instances; the running app is therefore kept on globalThis, shared by both.
const holder = globalThis as { __portalTestApp?: { app: TestApp; server: Server } };

export function testApp(): TestApp {
  if (!holder.__portalTestApp) throw new Error('the test application is not started (test/support/hooks.ts)');
  return holder.__portalTestApp.app;
}

export async function startTestApp(): Promise<void> {
  const config = loadConfig({ ...process.env, PORT: '0', APP_ENV: 'test', REINDEX_POLL_MS: '50' });
  const runtime = openRuntime(config);
  const built = buildApp(runtime);
  const server = built.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  holder.__portalTestApp = { app: { baseUrl: `http://127.0.0.1:${port}`, runtime, built }, server };
  await resetInventory(holder.__portalTestApp.app);
  runtime.worker.start();
}

export async function stopTestApp(): Promise<void> {
  const running = holder.__portalTestApp;
  if (!running) return;
  await new Promise<void>((resolve) => running.server.close(() => resolve()));
  await running.app.runtime.close();
  delete holder.__portalTestApp;
}
