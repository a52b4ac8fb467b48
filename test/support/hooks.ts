// Mocha's root hooks (.mocharc.cjs). The test application (real PostgreSQL, Elasticsearch and a mailbox)
// starts only when the run holds a file outside test/unit/: unit tests are pure logic and need no store,
// so `npm run test:unit` or `npx mocha test/unit/x.test.ts` runs in seconds with nothing running.
// The support modules are imported here as the test files import them (not with import()), so that the
// application and the tests share one instance of each source module (an error class is then the same
// class on both sides); only starting the application is conditional.
import { relative, sep } from 'node:path';
import { startTestApp, stopTestApp } from './test-app.ts';
import { closeBrowser } from './browser.ts';
import { cleanUpFile } from './file-rows.ts';

const UNIT_DIR = `test${sep}unit${sep}`;

/** the files of the run, from the suites and tests mocha has loaded under its root suite */
function filesOf(root: Mocha.Suite): string[] {
  return [...root.suites.map((suite) => suite.file), ...root.tests.map((test) => test.file)].filter((file): file is string => !!file);
}

function needsApp(files: string[]): boolean {
  return files.some((file) => !relative(process.cwd(), file).startsWith(UNIT_DIR));
}

let started = false;

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    const root = this.test?.parent;
    if (root && !needsApp(filesOf(root))) return;
    this.timeout(60_000);
    started = true;
    await startTestApp();
    // each file's top-level suites end by removing what the file left (after the file's own `after` hooks)
    for (const suite of root?.suites ?? []) suite.afterAll('removes what the file left (test/support/file-rows.ts)', cleanUpFile);
  },
  async afterAll() {
    if (!started) return;
    await closeBrowser();
    await stopTestApp();
  },
};
