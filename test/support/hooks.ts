import { startTestApp, stopTestApp } from './test-app.ts';

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(60_000);
    await startTestApp();
  },
  async afterAll() {
    await stopTestApp();
  },
};
