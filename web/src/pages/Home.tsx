import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, P, type ListingItem, type Schemas } from '../api.ts';
import { ListingCard } from '../components/ListingCard.tsx';
import { PlaceInput } from '../components/PlaceInput.tsx';
import { Loading, Problem, useLoad, useTitle } from '../components/common.tsx';
import { dayText } from '../format.ts';

/** where a content page lives in the portal: news and guides at their own addresses, site pages under /pages/ */
export function contentHref(item: { url: string; slug: string; sitemapCode: string }): string {
  if (item.sitemapCode === 'news' || item.sitemapCode === 'guides') return item.url;
  return `/pages/${item.slug}`;
}

export function Home() {
  useTitle('Find a home');
  const { route } = useLocation();
  const [place, setPlace] = useState('');
  const [forSale, setForSale] = useState(true);
  const featured = useLoad(() => api<{ data: ListingItem[] }>(`${P}/home-featured-listings`, { query: { size: 6 } }), []);
  const content = useLoad(() => api<{ data: Schemas['ContentListItem'][] }>(`${P}/contents`, { query: { size: 4 } }), []);
  const areas = useLoad(() => api<{ data: Schemas['SchemeAreas'][] }>(`${P}/scheme-areas`), []);
  const search = (location: string) =>
    route(`/search?occupancy_type=${forSale ? 'for-sale' : 'to-rent'}&location=${encodeURIComponent(location)}&radius=3`);

  return (
    <div class="home">
      <section class="hero">
        <div class="wrap">
          <h1>Find a home you can afford</h1>
          <p>Shared ownership, First Homes, rent to buy and homes to rent from housing associations across the UK.</p>
          <form
            class="hero-search"
            role="search"
            aria-label="Homes"
            onSubmit={(e) => {
              e.preventDefault();
              search(place.trim());
            }}
          >
            <fieldset class="occupancy">
              <legend>Looking to</legend>
              <label class="choice">
                <input type="radio" name="home-occupancy" checked={forSale} onChange={() => setForSale(true)} /> Buy
              </label>
              <label class="choice">
                <input type="radio" name="home-occupancy" checked={!forSale} onChange={() => setForSale(false)} /> Rent
              </label>
            </fieldset>
            <PlaceInput id="home-place" label="Place or postcode" value={place} onInput={setPlace} onChoose={(p) => search(p.location)} />
            <button type="submit" class="primary">
              Search homes
            </button>
          </form>
        </div>
      </section>
      <div class="wrap">
        <section class="section" aria-labelledby="featured-title">
          <h2 id="featured-title">Featured homes</h2>
          {featured.loading && <Loading />}
          {featured.error ? <Problem error={featured.error} /> : null}
          <ul class="card-grid">
            {featured.data?.data.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} />
              </li>
            ))}
          </ul>
        </section>
        <section class="section" aria-labelledby="latest-title">
          <h2 id="latest-title">Latest news and guides</h2>
          {content.error ? <Problem error={content.error} /> : null}
          <ul class="card-grid">
            {content.data?.data.map((item) => (
              <li key={item.id}>
                <article class="card">
                  {item.image && <img class="card-image" src={item.image} alt="" loading="lazy" />}
                  <div class="card-body">
                    <h3 class="card-title">
                      <a href={contentHref(item)}>{item.name}</a>
                    </h3>
                    {item.publishedAt && <p class="muted">{dayText(item.publishedAt)}</p>}
                    {item.blurb && <p>{item.blurb}</p>}
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <p>
            <a href="/news">All news</a> · <a href="/guides">All guides</a>
          </p>
        </section>
        <section class="section" aria-labelledby="areas-title">
          <h2 id="areas-title">Homes by scheme and area</h2>
          {areas.error ? <Problem error={areas.error} /> : null}
          <div class="area-columns">
            {areas.data?.data.map((scheme) => (
              <div key={scheme.id} class="area-scheme">
                <h3>{scheme.name}</h3>
                <ul>
                  {scheme.regions.flatMap((region) =>
                    region.areas.map((area) => (
                      <li key={area.id}>
                        <a href={`/areas/${area.slug}`}>{area.name}</a>
                      </li>
                    )),
                  )}
                </ul>
              </div>
            ))}
          </div>
          <p>
            <a href="/areas">All areas</a>
          </p>
        </section>
      </div>
    </div>
  );
}
