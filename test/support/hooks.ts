import { startTestApp, stopTestApp } from './test-app.ts';
import { closeBrowser } from './browser.ts';

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(60_000);
    await startTestApp();
  },
  async afterAll() {
    await closeBrowser();
    await stopTestApp();
  },
};
