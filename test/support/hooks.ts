// Mocha's root hooks (.mocharc.cjs). The test application (real PostgreSQL, Elasticsearch and a mailbox)
// starts only when the run holds a file outside test/unit/: unit tests are pure logic and need no store,
// so `npm run test:unit` or `npx mocha test/unit/x.test.ts` runs in seconds with nothing running.
import { relative, sep } from 'node:path';

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
    const { startTestApp } = await import('./test-app.ts');
    started = true;
    await startTestApp();
    // each file's top-level suites end by removing what the file left (after the file's own `after` hooks)
    const { cleanUpFile } = await import('./file-rows.ts');
    for (const suite of root?.suites ?? []) suite.afterAll('removes what the file left (test/support/file-rows.ts)', cleanUpFile);
  },
  async afterAll() {
    if (!started) return;
    const [{ closeBrowser }, { stopTestApp }] = await Promise.all([import('./browser.ts'), import('./test-app.ts')]);
    await closeBrowser();
    await stopTestApp();
  },
};
