// The search page at a glance, on a laptop (1366x768) and a phone (375x812): the featured listings in one
// compact row (a row to swipe on the phone) so that the first result of the order asked for is near the
// top, and a keyboard user reaches that first result within five Tabs through "Skip to the results".
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { searchFixture } from '../support/search-fixture.ts';
import { usePage } from '../support/browser.ts';
import { portalPage } from '../support/portal.ts';

// one result a page, so that the page's featured slots hold the featured listings the page does not
const SEARCH = '/search?occupancy_type=for-sale&location=Leeds&radius=10&size=1';

describe('browser: the search page at a glance', function () {
  this.timeout(60_000);
  const page = usePage();

  before(async function () {
    this.timeout(60_000);
    await searchFixture();
  });

  for (const [width, height] of [
    [1366, 768],
    [375, 812],
  ] as const) {
    it(`at ${width} px: the featured listings in one compact row, the first sorted result near the top`, async () => {
      await portalPage(page());
      await page().setViewportSize({ width, height });
      await page().goto(`${testApp().baseUrl}${SEARCH}`);
      const first = page().locator('.result-list .listing-card').first();
      await first.waitFor();
      const featured = page().locator('.featured-list .listing-card');
      expect(await featured.count(), 'featured slots on the page').to.be.greaterThan(0);
      const tops = new Set<number>();
      for (const card of await featured.all()) tops.add(Math.round((await card.boundingBox())!.y));
      expect([...tops], 'one row').to.have.length(1);
      const top = (await first.boundingBox())!.y + (await page().evaluate<number>('scrollY'));
      expect(top, 'the first sorted result starts near the top of the page').to.be.below(width < 640 ? 900 : height);
      expect(await page().evaluate<number>('document.documentElement.scrollWidth'), 'no sideways scroll').to.be.at.most(width);
    });

    it(`at ${width} px: from the top of the page, the first result is reached within five Tabs`, async () => {
      await portalPage(page());
      await page().setViewportSize({ width, height });
      await page().goto(`${testApp().baseUrl}${SEARCH}`);
      const firstLink = page().locator('.result-list .listing-card .card-title a').first();
      await firstLink.waitFor();
      let tabs = 0;
      let onFirst = false;
      while (tabs < 5 && !onFirst) {
        await page().keyboard.press('Tab');
        tabs++;
        const focused = await page().evaluate<string>('document.activeElement?.textContent?.trim() ?? ""');
        if (focused === 'Skip to the results') await page().keyboard.press('Enter');
        onFirst = await page().evaluate<boolean>(`document.activeElement === document.querySelector('.result-list .listing-card .card-title a')`);
      }
      expect(onFirst, `focus on the first result's link after ${tabs} Tabs`).to.equal(true);
      expect(tabs).to.be.at.most(5);
    });
  }
});
