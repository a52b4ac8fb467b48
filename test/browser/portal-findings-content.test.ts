// A news page's tags, at a laptop's 1366x768 and a phone's 375x812: each tag chip is a link to the news
// that carries it (the content list's tag_slug), and that index says which tag it shows.
import { expect } from 'chai';
import path from 'node:path';
import { testApp } from '../support/test-app.ts';
import { usePage } from '../support/browser.ts';
import { readContentFolder } from '../../src/content-import/content-folder.ts';
import { ContentImporter, importWriters } from '../../src/content-import/content-import.ts';
import { portalPage, seriousAxeViolations } from '../support/portal.ts';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
];

describe('browser: news tags lead to the news that carries them', function () {
  this.timeout(60_000);
  const page = usePage();

  before(async () => {
    // the demo content (as `npm start` loads it): two of its news carry the tag "North West"
    const { prisma } = testApp().runtime;
    const report = await new ContentImporter(prisma, importWriters(prisma)).run(
      readContentFolder(path.resolve(import.meta.dirname, '../../content')),
    );
    expect(report.failures).to.deep.equal([]);
  });

  for (const size of SIZES) {
    it(`links each tag chip to the news of that tag (${size.width}x${size.height})`, async () => {
      const problems = await portalPage(page());
      await page().setViewportSize(size);
      await page().goto(`${testApp().baseUrl}/news/november-2026-market-update`);
      const tags = page().getByRole('list', { name: 'Tags' });
      await tags.waitFor();
      expect(await tags.getByRole('link').count()).to.equal(4);
      await tags.getByRole('link', { name: 'North West' }).click();
      await page().waitForURL(/\/news\?tag=north-west$/);
      await page().getByRole('heading', { level: 1, name: 'News: North West' }).waitFor();
      const stories = await page()
        .locator('main a[href^="/news/"]')
        .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')))].sort());
      expect(stories).to.deep.equal(['/news/new-homes-open-in-manchester', '/news/november-2026-market-update']);
      expect(await seriousAxeViolations(page())).to.deep.equal([]);
      expect(problems).to.deep.equal([]);
    });
  }
});
