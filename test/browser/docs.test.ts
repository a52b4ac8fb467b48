// /docs in a browser: Swagger UI renders every operation of /openapi.json from this origin alone, under
// the page's Content-Security-Policy, and "Try it out" calls the service.
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { buildOpenApiDocument } from '../../src/api-document/document.ts';
import { pageProblems, usePage } from '../support/browser.ts';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
/** "METHOD /path" of each operation Swagger UI has in the page */
const OPERATIONS_IN_PAGE = `[...document.querySelectorAll('.opblock')].map((block) =>
  block.querySelector('.opblock-summary-method').textContent + ' ' + block.querySelector('.opblock-summary-path').dataset.path)`;

describe('browser: /docs', () => {
  const page = usePage();

  it('shows every operation of the OpenAPI document, with no console error under its CSP', async () => {
    const openapi = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(openapi.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.has(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const problems = pageProblems(page());
    const requested: string[] = [];
    page().on('request', (request) => requested.push(request.url()));

    const res = await page().goto(`${testApp().baseUrl}/docs`);
    expect(res?.status()).to.equal(200);
    expect(res?.headers()['content-security-policy']).to.match(/script-src 'self'/);
    await page().locator('.opblock').first().waitFor();
    // Swagger UI keeps only the operations near the viewport in the page: scroll through it, as a reader would
    const shown = new Set<string>();
    for (let step = 0; step < 1_000; step++) {
      for (const operation of await page().evaluate<string[]>(OPERATIONS_IN_PAGE)) shown.add(operation);
      if (await page().evaluate<boolean>('window.scrollY + window.innerHeight >= document.body.scrollHeight - 2')) break;
      await page().evaluate('window.scrollBy(0, window.innerHeight / 2)');
      await page().waitForTimeout(50);
    }
    expect([...shown].sort()).to.deep.equal([...operations].sort());
    expect(requested.filter((url) => !url.startsWith(testApp().baseUrl))).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('tries an operation out against the service', async () => {
    const problems = pageProblems(page());
    await page().goto(`${testApp().baseUrl}/docs`);
    const health = page().locator('.opblock', { has: page().locator('.opblock-summary-path[data-path="/health"]') });
    await health.locator('.opblock-summary').click();
    await health.locator('.try-out__btn').click();
    await health.locator('.execute').click();
    const status = health.locator('.live-responses-table .response .response-col_status');
    await status.first().waitFor();
    expect((await status.first().innerText()).trim()).to.equal('200');
    expect(await health.locator('.live-responses-table .response .response-col_description').innerText()).to.match(/"status": "ok"/);
    expect(problems).to.deep.equal([]);
  });
});
