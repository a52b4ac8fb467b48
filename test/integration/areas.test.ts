import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey } from '../support/factories.ts';
import { searchFixture, type SearchFixture } from '../support/search-fixture.ts';
import { cms, editorKey, uniqueSuffix } from '../support/content.ts';

const BASE = '/api/rest/portal/scheme-areas';
const idsOf = (res: { body: { data: { id: number }[] } }) => res.body.data.map((l) => l.id);

describe('area pages', function () {
  this.timeout(90_000);
  let fx: SearchFixture;
  let editor: string;
  const s = uniqueSuffix();
  const pages: Record<string, { id: number; slug: string }> = {};

  async function areaPage(name: string, body: Record<string, unknown>) {
    const res = await cms.post(editor, '/area-pages', {
      slug: `${name}-${s}`,
      name: `Area ${name}`,
      template: 'basic',
      publishedAt: '2026-01-01T00:00:00Z',
      content: { heading: 'Heading', description: 'Description' },
      ...body,
    });
    if (res.status !== 201) throw new Error(`area page ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    pages[name] = { id: res.body.id, slug: res.body.slug };
  }

  before(async () => {
    fx = await searchFixture();
    editor = await editorKey();
    await areaPage('leeds', {
      template: 'featured-listings',
      scheme: 'shared-ownership',
      area: { type: 'local_authority', reference: 'Leeds' },
      titleTag: 'Shared ownership in Leeds',
      metaKeywords: 'leeds, shared ownership',
      metaDescription: 'Homes in Leeds',
      headline: 'Buy a share in Leeds',
      content: {
        heading: 'Leeds',
        description: 'About Leeds',
        title1: 'One',
        copy1: 'Copy one',
        title2: 'Two',
        copy2: 'Copy two',
        featuredListings: [
          { image: 'https://img.example.org/a.jpg', imageAltText: 'Camel case', title: 'First', content: 'Text', url: 'aire-quay' },
          { image: 'https://img.example.org/b.jpg', image_alt_text: 'Snake case', title: 'Second' },
        ],
      },
      faqs: [{ question: 'Who can buy?', answer: 'Most people.' }],
      mainImageUrl: 'https://img.example.org/main.jpg',
      socialImageUrl: 'https://img.example.org/social.jpg',
      socialTitle: 'Social',
      socialDescription: 'Social description',
      displayOrder: 2,
    });
    await areaPage('west-yorkshire', {
      scheme: 'shared-ownership',
      area: { type: 'county', reference: 'West Yorkshire' },
      displayOrder: 1,
    });
    await areaPage('yorkshire-first-homes', { scheme: 'first-homes', region: 'Yorkshire and The Humber' });
    await areaPage('south-west', { scheme: 'shared-ownership', region: 'South West' });
    await areaPage('wales-market', { scheme: 'market-sale', region: 'W92000004' });
    await areaPage('draft', { scheme: 'shared-ownership', region: 'Wales', publishedAt: null });
    await areaPage('scheduled', { scheme: 'shared-ownership', region: 'Wales', publishedAt: '2099-01-01T00:00:00Z' });
  });

  describe('scheme areas', () => {
    it('lists schemes with their regions and the areas (pages) of each, published pages only', async () => {
      const res = await api.get(BASE);
      expect(res.status).to.equal(200);
      const so = res.body.data.find((x: { slug: string }) => x.slug === 'shared-ownership');
      expect(so).to.include({ name: 'Shared Ownership', color: '#00847f' });
      expect(so.id).to.be.a('number');
      const yorkshire = so.regions.find((r: { name: string }) => r.name === 'Yorkshire and The Humber');
      const mine = yorkshire.areas.filter((a: { slug: string }) => a.slug.endsWith(s));
      // in the pages' own order
      expect(mine).to.deep.equal([
        { id: pages['west-yorkshire']!.id, name: 'Area west-yorkshire', slug: `west-yorkshire-${s}` },
        { id: pages.leeds!.id, name: 'Area leeds', slug: `leeds-${s}` },
      ]);
      const all = res.body.data.flatMap((x: { regions: { areas: { slug: string }[] }[] }) =>
        x.regions.flatMap((r) => r.areas.map((a) => a.slug)),
      );
      expect(all).to.include.members([`south-west-${s}`, `wales-market-${s}`, `yorkshire-first-homes-${s}`]);
      expect(all).to.not.include.members([`draft-${s}`]);
      expect(all).to.not.include.members([`scheduled-${s}`]);
      const fh = res.body.data.find((x: { slug: string }) => x.slug === 'first-homes');
      expect(fh.regions.map((r: { name: string }) => r.name)).to.include('Yorkshire and The Humber');
    });

    it('orders schemes as the scheme list does', async () => {
      const res = await api.get(BASE);
      const slugs = res.body.data.map((x: { slug: string }) => x.slug);
      expect(slugs.indexOf('shared-ownership')).to.be.lessThan(slugs.indexOf('first-homes'));
      expect(slugs.indexOf('first-homes')).to.be.lessThan(slugs.indexOf('market-sale'));
    });
  });

  describe('pages', () => {
    it('gives a featured-listings page by id and by slug with every field, alt text in camel case', async () => {
      const byId = await api.get(`${BASE}/pages/${pages.leeds!.id}`);
      expect(byId.status).to.equal(200);
      const bySlug = await api.get(`${BASE}/pages/slug/leeds-${s}`);
      expect(bySlug.body).to.deep.equal(byId.body);
      const p = byId.body;
      expect(p).to.include({
        id: pages.leeds!.id,
        name: 'Area leeds',
        slug: `leeds-${s}`,
        template: 'featured-listings',
        region: 'Yorkshire and The Humber',
        titleTag: 'Shared ownership in Leeds',
        metaKeywords: 'leeds, shared ownership',
        metaDescription: 'Homes in Leeds',
        headline: 'Buy a share in Leeds',
        mainImageUrl: 'https://img.example.org/main.jpg',
        socialImageUrl: 'https://img.example.org/social.jpg',
        socialTitle: 'Social',
        socialDescription: 'Social description',
      });
      expect(p.scheme).to.deep.equal({ id: p.scheme.id, name: 'Shared Ownership', slug: 'shared-ownership', color: '#00847f' });
      expect(p.faqs).to.deep.equal([{ question: 'Who can buy?', answer: 'Most people.' }]);
      expect(p.content).to.deep.equal({
        heading: 'Leeds',
        description: 'About Leeds',
        title1: 'One',
        copy1: 'Copy one',
        title2: 'Two',
        copy2: 'Copy two',
        featuredListings: [
          { image: 'https://img.example.org/a.jpg', imageAltText: 'Camel case', title: 'First', content: 'Text', url: 'aire-quay' },
          { image: 'https://img.example.org/b.jpg', imageAltText: 'Snake case', title: 'Second', content: '', url: null },
        ],
      });
    });

    it('gives a basic page without featured listings, with empty fields as null', async () => {
      const res = await api.get(`${BASE}/pages/slug/south-west-${s}`);
      expect(res.body.template).to.equal('basic');
      expect(res.body.content).to.deep.equal({
        heading: 'Heading',
        description: 'Description',
        title1: null,
        copy1: null,
        title2: null,
        copy2: null,
      });
      expect(res.body).to.include({ region: 'South West', faqs: null, mainImageUrl: null, socialTitle: null, titleTag: '' });
    });

    it('404s unknown, malformed, unpublished and scheduled pages, unless an editor previews them', async () => {
      expect((await api.get(`${BASE}/pages/999999999`)).status).to.equal(404);
      expect((await api.get(`${BASE}/pages/abc`)).status).to.equal(404);
      expect((await api.get(`${BASE}/pages/slug/nothing-${s}`)).status).to.equal(404);
      expect((await api.get(`${BASE}/pages/${pages.draft!.id}`)).status).to.equal(404);
      expect((await api.get(`${BASE}/pages/slug/scheduled-${s}`)).status).to.equal(404);
      expect((await api.get(`${BASE}/pages/${pages.draft!.id}/listings`)).status).to.equal(404);
      expect((await api.get(`${BASE}/pages/${pages.draft!.id}`, { query: { ignore_visibility: '1' } })).status).to.equal(404);
      expect(
        (await api.get(`${BASE}/pages/${pages.draft!.id}`, { query: { ignore_visibility: '1', api_key: fx.account.key } })).status,
      ).to.equal(404);
      expect((await api.get(`${BASE}/pages/${pages.draft!.id}`, { query: { ignore_visibility: '1', api_key: editor } })).status).to.equal(
        200,
      );
      expect(
        (await api.get(`${BASE}/pages/slug/scheduled-${s}`, { query: { ignore_visibility: 'true', api_key: editor } })).status,
      ).to.equal(200);
      // the key in the X-Api-Key header does the same
      const inHeader = (key: string) => api.get(`${BASE}/pages/${pages.draft!.id}`, { query: { ignore_visibility: '1' }, headers: { 'X-Api-Key': key } });
      expect((await inHeader(editor)).status).to.equal(200);
      expect((await inHeader(fx.account.key)).status).to.equal(404);
    });
  });

  describe('listings', () => {
    const L = () => fx.listings;

    it('gives the live listings of the scheme in a local authority, from the index', async () => {
      const res = await api.get(`${BASE}/pages/${pages.leeds!.id}/listings`);
      expect(res.status).to.equal(200);
      // Aire Quay; not Draft Quay (unpublished), nor the market-sale and First Homes listings in Leeds
      expect(idsOf(res)).to.deep.equal([L().leedsSO!.id]);
      expect(res.body.data[0]).to.include({ name: 'Aire Quay', favourite: null, isSharedOwnership: true });
      expect(res.body.data[0].schemes[0]).to.have.keys('text', 'color');
      const bySlug = await api.get(`${BASE}/pages/slug/leeds-${s}/listings`);
      expect(bySlug.body).to.deep.equal(res.body);
    });

    it('gives the listings of a county and of a region', async () => {
      expect(idsOf(await api.get(`${BASE}/pages/${pages['west-yorkshire']!.id}/listings`))).to.deep.equal([L().leedsSO!.id]);
      expect(idsOf(await api.get(`${BASE}/pages/slug/yorkshire-first-homes-${s}/listings`))).to.deep.equal([L().leedsFirst!.id]);
      expect(idsOf(await api.get(`${BASE}/pages/slug/wales-market-${s}/listings`))).to.deep.equal([L().cardiffMarket!.id]);
    });

    it('leaves out listings shown on other portals only', async () => {
      // Harbourside (Bristol, shared ownership) is on the London partner portal only; other files' homes in
      // the South West (the portal's browser tests build Exeter) may show, as this portal's
      const res = await api.get(`${BASE}/pages/slug/south-west-${s}/listings`);
      expect(res.status).to.equal(200);
      expect(idsOf(res)).to.not.include(L().bristolSO!.id);
      const partnerOnly = await api.get(`/api/rest/portal/listings/${L().bristolSO!.id}`);
      expect(partnerOnly.status, 'Harbourside is not on the default portal').to.equal(404);
    });

    describe('order and size', () => {
      const ids: Record<string, number> = {};
      let pageId: number;

      before(async () => {
        // Exeter and rent to buy: a place and scheme no other test uses
        const account = await createAccount();
        const k = withKey(account);
        const push = async (ref: string, displayAs: string) => {
          await api.put(
            `/api/rest/inventory/developments/ex-${ref}-${s}`,
            developmentPayload({ name: `Exeter ${ref}`, postcode: 'EX1 2BG', displayAddress: 'High Street, Exeter' }),
            k,
          );
          await api.put(`/api/rest/inventory/properties/ex-${ref}-${s}`, propertyPayload(`ex-${ref}-${s}`), k);
          const res = await api.put(
            `/api/rest/listings/ex-${ref}-${s}`,
            listingPayload(`ex-${ref}-${s}`, [`ex-${ref}-${s}`], { name: `Exeter ${ref}`, schemes: ['rent-to-buy'], displayAs }),
            withKey(account, { refresh: 'wait_for' }),
          );
          ids[ref] = res.body.id;
        };
        for (let i = 1; i <= 5; i++) await push(`regular${i}`, 'regular');
        await push('featured', 'featured');
        await push('premium', 'premium');
        await push('regular6', 'regular');
        await areaPage('exeter', { scheme: 'rent-to-buy', area: { type: 'local_authority', reference: 'E07000041' } });
        pageId = pages.exeter!.id;
      });

      it('puts featured listings first, then premium, then the newest', async () => {
        const res = await api.get(`${BASE}/pages/${pageId}/listings`, { query: { size: 50 } });
        expect(idsOf(res)).to.deep.equal([
          ids.featured,
          ids.premium,
          ids.regular6,
          ids.regular5,
          ids.regular4,
          ids.regular3,
          ids.regular2,
          ids.regular1,
        ]);
      });

      it('gives 6 listings unless size says otherwise', async () => {
        expect(idsOf(await api.get(`${BASE}/pages/${pageId}/listings`))).to.have.length(6);
        expect(idsOf(await api.get(`${BASE}/pages/${pageId}/listings`, { query: { size: 2 } }))).to.deep.equal([ids.featured, ids.premium]);
        const bad = await api.get(`${BASE}/pages/${pageId}/listings`, { query: { size: 0 } });
        expect(bad.status).to.equal(422);
        expect(bad.body.errors).to.have.key('size');
        expect((await api.get(`${BASE}/pages/${pageId}/listings`, { query: { size: 'many' } })).status).to.equal(422);
      });

      it('drops a listing once it leaves the marketplace', async () => {
        const account = await createAccount();
        const k = withKey(account);
        await api.put(`/api/rest/inventory/developments/ex-gone-${s}`, developmentPayload({ postcode: 'EX1 2BG' }), k);
        await api.put(`/api/rest/inventory/properties/ex-gone-${s}`, propertyPayload(`ex-gone-${s}`), k);
        const created = await api.put(
          `/api/rest/listings/ex-gone-${s}`,
          listingPayload(`ex-gone-${s}`, [`ex-gone-${s}`], { schemes: ['rent-to-buy'], displayAs: 'featured' }),
          withKey(account, { refresh: 'wait_for' }),
        );
        expect(idsOf(await api.get(`${BASE}/pages/${pageId}/listings`, { query: { size: 50 } }))).to.include(created.body.id);
        await api.delete(`/api/rest/listings/ex-gone-${s}`, withKey(account, { refresh: 'wait_for' }));
        expect(idsOf(await api.get(`${BASE}/pages/${pageId}/listings`, { query: { size: 50 } }))).to.not.include(created.body.id);
      });
    });
  });
});
