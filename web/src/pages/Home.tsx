import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, P, type ListingItem, type Schemas } from '../api.ts';
import { ListingGrid } from '../components/ListingCard.tsx';
import { SearchForm, type Occupancy } from '../components/SearchForm.tsx';
import { Loading, Problem, useLoad, useTitle } from '../components/common.tsx';
import { CardGrid, ContentCard } from '../components/CardGrid.tsx';

export function Home() {
  useTitle('Find a home');
  const { route } = useLocation();
  const [place, setPlace] = useState('');
  const [occupancy, setOccupancy] = useState<Occupancy>('for-sale');
  const featured = useLoad(() => api<{ data: ListingItem[] }>(`${P}/home-featured-listings`, { query: { size: 6 } }), []);
  const content = useLoad(() => api<{ data: Schemas['ContentListItem'][] }>(`${P}/contents`, { query: { size: 4 } }), []);
  const areas = useLoad(() => api<{ data: Schemas['SchemeAreas'][] }>(`${P}/scheme-areas`), []);
  const search = (location: string) =>
    route(`/search?occupancy_type=${occupancy}&location=${encodeURIComponent(location)}&radius=3`);

  return (
    <div class="home">
      <section class="hero">
        <div class="wrap">
          <h1>Find a home you can afford</h1>
          <p>Shared ownership, First Homes, rent to buy and homes to rent from housing associations across the UK.</p>
          <SearchForm
            class="hero-search"
            occupancyName="home-occupancy"
            occupancy={occupancy}
            onOccupancy={setOccupancy}
            placeId="home-place"
            place={place}
            onPlace={setPlace}
            onChoose={(p) => search(p.location)}
            onSearch={() => search(place.trim())}
            submitText="Search homes"
          />
        </div>
      </section>
      <div class="wrap">
        <section class="section" aria-labelledby="featured-title">
          <h2 id="featured-title">Featured homes</h2>
          {featured.loading && <Loading />}
          {featured.error ? <Problem error={featured.error} /> : null}
          <ListingGrid listings={featured.data?.data} />
        </section>
        <section class="section" aria-labelledby="latest-title">
          <h2 id="latest-title">Latest news and guides</h2>
          {content.error ? <Problem error={content.error} /> : null}
          <CardGrid items={content.data?.data}>{(item) => <ContentCard item={item} heading="h3" />}</CardGrid>
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
