import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, P, type ListingItem, type Schemas } from '../api.ts';
import { ListingGrid } from '../components/ListingCard.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { AffordBox } from '../components/AffordBox.tsx';
import { Loading, Problem, useLoad, useTitle } from '../components/common.tsx';
import { CardGrid, ContentCard } from '../components/CardGrid.tsx';

/** The hero's choices: what each asks of the search (its own parameters) */
const CHOICES = {
  buy: { label: 'Buy', params: { occupancy_type: 'for-sale' } },
  rent: { label: 'Rent', params: { occupancy_type: 'to-rent' } },
  'shared-ownership': { label: 'Shared ownership', params: { occupancy_type: 'for-sale', 'schemes[]': 'shared-ownership' } },
} as const;
type Choice = keyof typeof CHOICES;
const CHOICE_LIST = Object.entries(CHOICES).map(([value, c]) => [value, c.label] as const);
/** the home page has no search of its own: "What can I afford?" starts from nothing */
const NO_PARAMS = new URLSearchParams();

export function Home() {
  useTitle('Find a home');
  const { route } = useLocation();
  const [place, setPlace] = useState('');
  const [choice, setChoice] = useState<Choice>('buy');
  const featured = useLoad(() => api<{ data: ListingItem[] }>(`${P}/home-featured-listings`, { query: { size: 6 } }), []);
  const content = useLoad(() => api<{ data: Schemas['ContentListItem'][] }>(`${P}/contents`, { query: { size: 4 } }), []);
  const areas = useLoad(() => api<{ data: Schemas['SchemeAreas'][] }>(`${P}/scheme-areas`), []);
  /** to the search page with the choice, the place (if any) and what `change` adds (the affordability box's values) */
  const search = (location: string, change?: (p: URLSearchParams) => void) => {
    const p = new URLSearchParams(CHOICES[choice].params);
    if (location) {
      p.set('location', location);
      p.set('radius', '3');
    }
    change?.(p);
    route(`/search?${p.toString()}`);
  };

  return (
    <div class="home">
      <section class="hero">
        <div class="wrap">
          <h1>Find a home you can afford</h1>
          <p>Shared ownership, First Homes, rent to buy and homes to rent from housing associations across the UK.</p>
          <div class="hero-forms">
            <SearchForm
              class="hero-search"
              occupancyName="home-occupancy"
              occupancy={choice}
              choices={CHOICE_LIST}
              onOccupancy={(value) => setChoice(value as Choice)}
              placeId="home-place"
              place={place}
              onPlace={setPlace}
              onChoose={(p) => search(p.location)}
              onSearch={() => search(place.trim())}
              submitText="Search homes"
            />
            <AffordBox params={NO_PARAMS} update={(change) => search(place.trim(), change)} />
          </div>
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
