// Helpers for the browser tests of the reference portal (web/, served at / by the test application).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { clientIp, type SignedIn } from './customers.ts';

/**
 * Gives the page's requests a client address of their own (the per-IP sign-in limits are shared by
 * every request from 127.0.0.1 otherwise), and collects the page's problems: errors, uncaught
 * exceptions and Content-Security-Policy violations. Images of the listings' hosts cannot load here
 * (no network), so failed resource loads are not problems.
 */
export async function portalPage(page: Page): Promise<string[]> {
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp() });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

/** Signs the page in as the customer, as the portal keeps a session (localStorage), before it loads. */
export async function signInPage(page: Page, customer: SignedIn): Promise<void> {
  const session = {
    accessToken: customer.accessToken,
    refreshToken: customer.refreshToken,
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  };
  await page.addInitScript(`localStorage.setItem('portal.session', ${JSON.stringify(JSON.stringify(session))})`);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, which the page's CSP does not
 * govern) and gives its serious and critical violations.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<AxeViolation[]>(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
