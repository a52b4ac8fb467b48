// The portal's area and content pages in a real browser: an area page written through the editors' API
// and a news page of the demo content render from their templates, with the area's listings; axe-core finds no serious or
// critical violation on either.
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { usePage } from '../support/browser.ts';
import { searchFixture } from '../support/search-fixture.ts';
import path from 'node:path';
import { cms, editorKey, uniqueSuffix } from '../support/content.ts';
import { readContentFolder } from '../../src/content-import/content-folder.ts';
import { ContentImporter, importWriters } from '../../src/content-import/content-import.ts';
import { portalPage, seriousAxeViolations } from '../support/portal.ts';

describe('browser: the portal area and content pages', function () {
  this.timeout(60_000);
  const page = usePage();
  const s = uniqueSuffix();

  before(async () => {
    await searchFixture();
    const editor = await editorKey();
    const area = await cms.post(editor, '/area-pages', {
      slug: `leeds-so-${s}`,
      name: 'Shared ownership in Leeds',
      template: 'basic',
      scheme: 'shared-ownership',
      area: { type: 'local_authority', reference: 'Leeds' },
      headline: 'Buy a share of a home in Leeds',
      publishedAt: '2026-01-01T00:00:00Z',
      content: { heading: 'Leeds', description: 'Homes to buy a share of, across the city', title1: 'How it works', copy1: 'Buy a share, pay rent on the rest.' },
    });
    expect(area.status, JSON.stringify(area.body)).to.equal(201);
    // the demo content (as `npm start` loads it): its news live under the portal's /news/ addresses
    const { prisma } = testApp().runtime;
    const report = await new ContentImporter(prisma, importWriters(prisma)).run(readContentFolder(path.resolve(import.meta.dirname, '../../content')));
    expect(report.failures).to.deep.equal([]);
  });

  it('renders an area page with its copy and its listings', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/areas/leeds-so-${s}`);
    await page().getByRole('heading', { level: 1, name: 'Buy a share of a home in Leeds' }).waitFor();
    await page().getByRole('heading', { name: 'How it works' }).waitFor();
    await page().getByText('Buy a share, pay rent on the rest.').waitFor();
    await page().getByRole('link', { name: 'Aire Quay' }).first().waitFor();
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('renders a news page from its template, and an unknown one as not found', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/news/new-homes-open-in-manchester`);
    const title = page().getByRole('heading', { level: 1 });
    await title.waitFor();
    expect(await title.innerText()).to.equal('Two Manchester developments open for reservations');
    await page().getByText('with priority for people who live or work in the city', { exact: false }).first().waitFor();
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
    const res = await page().goto(`${testApp().baseUrl}/news/no-such-story-${s}`);
    expect(res?.status()).to.equal(404);
    await page().getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(problems.filter((p) => !p.includes('404'))).to.deep.equal([]);
  });

  it('shows home-featured listings and the latest content on the home page, which link to their pages', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/`);
    await page().getByRole('heading', { level: 1, name: 'Find a home you can afford' }).waitFor();
    const featured = page().locator('section[aria-labelledby="featured-title"] .listing-card');
    await featured.first().waitFor();
    const latest = page().locator('section[aria-labelledby="latest-title"]');
    const story = latest.getByRole('link', { name: /market update/i }).first();
    await story.waitFor();
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
    await story.click();
    await page().waitForURL(/\/news\//);
    await page().getByRole('heading', { level: 1 }).waitFor();
    expect(await page().getByRole('heading', { level: 1, name: 'Page not found' }).count()).to.equal(0);
    expect(problems).to.deep.equal([]);
  });
});
