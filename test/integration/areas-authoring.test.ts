import { expect } from 'chai';
import { api } from '../support/api.ts';
import { cms, editorKey, uniqueSuffix } from '../support/content.ts';

const PUBLIC = '/api/rest/portal/scheme-areas';

describe('area pages in the content management interface', function () {
  this.timeout(60_000);
  let key: string;
  const s = uniqueSuffix();
  let n = 0;
  const slug = () => `area-${++n}-${s}`;
  const page = (extra: Record<string, unknown> = {}) => ({
    slug: slug(),
    name: 'Area',
    template: 'basic',
    scheme: 'first-homes',
    region: 'London',
    ...extra,
  });

  before(async () => {
    key = await editorKey();
  });

  it('creates a draft for a whole region, a county or a local authority, giving editors its area', async () => {
    const region = await cms.post(key, '/area-pages', page());
    expect(region.status).to.equal(201);
    expect(region.body).to.include({ region: 'London', template: 'basic', publishedAt: null, displayOrder: 0, titleTag: '', headline: '' });
    expect(region.body.area).to.deep.include({ type: 'region', name: 'London' });
    expect(region.body.content).to.deep.equal({ heading: null, description: null, title1: null, copy1: null, title2: null, copy2: null });
    expect((await api.get(`${PUBLIC}/pages/${region.body.id}`)).status).to.equal(404);

    const county = await cms.post(
      key,
      '/area-pages',
      page({ region: undefined, area: { type: 'county', reference: 'Greater Manchester' } }),
    );
    expect(county.body).to.include({ region: 'North West' });
    expect(county.body.area).to.deep.include({ type: 'county', name: 'Greater Manchester' });

    const la = await cms.post(
      key,
      '/area-pages',
      page({ region: 'North West', area: { type: 'local_authority', reference: 'E08000003' } }),
    );
    expect(la.body.area).to.deep.include({ type: 'local_authority', name: 'Manchester' });
    expect(la.body.area.reference).to.be.a('number');
  });

  it('refuses unknown schemes and places, an area outside the region, and a missing place, per field', async () => {
    const unknown = await cms.post(key, '/area-pages', page({ scheme: 'nope', region: 'Atlantis' }));
    expect(unknown.status).to.equal(422);
    expect(unknown.body.errors).to.have.all.keys('scheme', 'region');
    const outside = await cms.post(key, '/area-pages', page({ region: 'Wales', area: { type: 'local_authority', reference: 'Leeds' } }));
    expect(outside.body.errors['area.reference'][0]).to.match(/not in region Wales/);
    expect((await cms.post(key, '/area-pages', page({ region: undefined }))).body.errors).to.have.key('region');
    expect((await cms.post(key, '/area-pages', page({ area: { type: 'county' } }))).body.errors).to.have.key('area.reference');
    expect((await cms.post(key, '/area-pages', page({ area: { type: 'county', reference: 'Nowhere' } }))).body.errors).to.have.key(
      'area.reference',
    );
    expect((await cms.post(key, '/area-pages', page({ area: { type: 'ward', reference: 1 } }))).body.errors).to.have.key('area.type');
  });

  it('checks templates, featured listings, faqs and urls', async () => {
    const res = await cms.post(
      key,
      '/area-pages',
      page({
        template: 'fancy',
        content: { featuredListings: [{ imageAltText: 'x' }] },
        faqs: [{ question: '' }],
        mainImageUrl: 'not a url',
      }),
    );
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.include.keys(
      'template',
      'content.featuredListings[0].image',
      'content.featuredListings[0].title',
      'faqs[0].question',
      'faqs[0].answer',
      'mainImageUrl',
    );
    const basic = await cms.post(
      key,
      '/area-pages',
      page({ content: { featuredListings: [{ image: 'https://img.example.org/x.jpg', title: 'X' }] } }),
    );
    expect(basic.body.errors).to.have.key('content.featuredListings');
    const missing = await cms.post(key, '/area-pages', {});
    expect(missing.body.errors).to.include.keys('slug', 'name', 'template', 'scheme');
  });

  it('answers 409 for a slug in use', async () => {
    const body = page();
    expect((await cms.post(key, '/area-pages', body)).status).to.equal(201);
    expect((await cms.post(key, '/area-pages', body)).status).to.equal(409);
  });

  it('changes the fields sent; switching template keeps the content and adds or drops featured listings', async () => {
    const created = await cms.post(
      key,
      '/area-pages',
      page({ content: { heading: 'H', copy1: 'C' }, faqs: [{ question: 'Q', answer: 'A' }], titleTag: 'T' }),
    );
    const id = created.body.id;
    const featured = await cms.patch(key, `/area-pages/${id}`, { template: 'featured-listings' });
    expect(featured.status).to.equal(200);
    expect(featured.body.content).to.deep.include({ heading: 'H', copy1: 'C', featuredListings: [] });
    expect(featured.body.titleTag).to.equal('T');
    const withItems = await cms.patch(key, `/area-pages/${id}`, {
      content: {
        heading: 'H2',
        featuredListings: [{ image: 'https://img.example.org/x.jpg', image_alt_text: 'Alt', title: 'X', url: 'some-listing' }],
      },
    });
    expect(withItems.body.content.featuredListings).to.deep.equal([
      { image: 'https://img.example.org/x.jpg', imageAltText: 'Alt', title: 'X', content: '', url: 'some-listing' },
    ]);
    expect(withItems.body.content.copy1).to.equal(null);
    const back = await cms.patch(key, `/area-pages/${id}`, { template: 'basic', faqs: null });
    expect(back.body.content).to.not.have.property('featuredListings');
    expect(back.body.faqs).to.equal(null);
    const moved = await cms.patch(key, `/area-pages/${id}`, { area: { type: 'local_authority', reference: 'Cardiff' } });
    expect(moved.body).to.include({ region: 'Wales' });
    const other = await cms.post(key, '/area-pages', page());
    expect((await cms.patch(key, `/area-pages/${id}`, { slug: other.body.slug })).body.errors).to.have.key('slug');
    expect((await cms.patch(key, '/area-pages/999999999', { name: 'x' })).status).to.equal(404);
  });

  it('publishes (now or at a time) and unpublishes, which the portal follows', async () => {
    const created = await cms.post(key, '/area-pages', page({ scheme: 'discount-market-sale', region: 'East Midlands' }));
    const id = created.body.id;
    const inSchemeAreas = async () => {
      const res = await api.get(PUBLIC);
      return res.body.data.some((x: { regions: { areas: { id: number }[] }[] }) => x.regions.some((r) => r.areas.some((a) => a.id === id)));
    };
    expect(await inSchemeAreas()).to.equal(false);
    const published = await cms.post(key, `/area-pages/${id}/publish`, undefined);
    expect(published.status).to.equal(200);
    expect(published.body.publishedAt).to.be.a('string');
    expect((await api.get(`${PUBLIC}/pages/${id}`)).status).to.equal(200);
    expect((await api.get(`${PUBLIC}/pages/${id}/listings`)).body).to.deep.equal({ data: [] });
    expect(await inSchemeAreas()).to.equal(true);
    await cms.post(key, `/area-pages/${id}/unpublish`, undefined);
    expect((await api.get(`${PUBLIC}/pages/${id}`)).status).to.equal(404);
    expect(await inSchemeAreas()).to.equal(false);
    const later = await cms.post(key, `/area-pages/${id}/publish`, { publishedAt: '2099-01-01T00:00:00Z' });
    expect(later.body.publishedAt).to.equal('2099-01-01T00:00:00.000Z');
    expect((await api.get(`${PUBLIC}/pages/${id}`)).status).to.equal(404);
    expect((await cms.post(key, '/area-pages/999999999/unpublish', undefined)).status).to.equal(404);
  });
});
