// Browser tests: Debian's chromium driven by playwright-core (scripts/ensure-system-packages.sh installs it for
// `npm test`). The browser is launched once per run, on first use, with a fresh temporary profile, and
// closed at the end of the run (hooks.ts). `usePage()` gives each test of a suite a page of its own
// (a new context: no cookies or storage carried over) and saves a screenshot of a failed test's page.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** git-ignored */
export const SCREENSHOT_DIR = 'test-results/screenshots';

// Shared through globalThis for the same reason as the test app (test files load as two module instances).
const holder = globalThis as { __portalBrowser?: Promise<Browser> };

export function browser(): Promise<Browser> {
  holder.__portalBrowser ??= (async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`no chromium at ${CHROMIUM}: install Debian's chromium package (npm test does so when run as root)`);
    }
    const { chromium } = await import('playwright-core');
    // headless adds --headless; launch() runs chromium on a new temporary profile, removed at close
    return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  })();
  return holder.__portalBrowser;
}

export async function closeBrowser(): Promise<void> {
  const launched = holder.__portalBrowser;
  delete holder.__portalBrowser;
  const instance = await launched?.catch(() => undefined);
  await instance?.close();
}

/** For a describe block: a new page for each of its tests; a failed test's page is saved as a screenshot. */
export function usePage(): () => Page {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeEach(async function () {
    this.timeout(60_000);
    context = await (await browser()).newContext();
    page = await context.newPage();
  });
  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state === 'failed' && page) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(
        SCREENSHOT_DIR,
        `${test
          .fullTitle()
          .replace(/[^\w-]+/g, '-')
          .slice(0, 120)}.png`,
      );
      await page.screenshot({ path, fullPage: true }).then(
        () => console.error(`    screenshot of the failed test's page: ${path}`),
        (err: Error) => console.error(`    no screenshot: ${err.message}`),
      );
    }
    await context?.close();
    context = page = undefined;
  });
  return () => {
    if (!page) throw new Error('usePage(): the page exists only inside a test');
    return page;
  };
}

/** Collects what the page reports as going wrong: console errors (CSP violations among them) and uncaught exceptions. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}
