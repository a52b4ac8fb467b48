// The search page. The page's address holds the search, in the API's own parameters
// (/search?location=Leeds&radius=3&bedrooms[]=2&page=2), so a search can be shared and the back button
// goes back through the searches made; the form, the facets and the pages change the address, and the
// address drives the request.
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, P, type Customer, type Facet, type ListingItem, type MapListing, type SearchEnvelope } from '../api.ts';
import { ListingCard } from '../components/ListingCard.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { ResultsMap, type LatLng } from '../components/ResultsMap.tsx';
import { SaveSearch } from '../components/SaveSearch.tsx';
import { AffordBox } from '../components/AffordBox.tsx';
import { Loading, Problem, useLoad, usePageMeta, useTitle } from '../components/common.tsx';
import { countsText, homesFound } from '../search-counts.ts';
import { resultsShown, scrollToResultsWhenShown } from '../scroll.ts';
import { useSession } from '../session.ts';
import { pagerItems } from '../pager.ts';
import { cardLeadOf, foldFeatureOptions } from '../format.ts';

const RADII = [0, 1, 3, 5, 10, 15];
/** "within N miles of work" (max_distance_from_work) */
const WORK_DISTANCES = [1, 2, 5, 10, 15, 20, 30];
/** filters that belong to one occupancy type: dropped when it changes */
const TYPE_BOUND = [
  'max_deposit',
  'max_full_value',
  'max_share_value',
  'min_deposit',
  'min_full_value',
  'min_share_value',
  'max_monthly_rent',
  'min_monthly_rent',
  'max_service_charge',
  'schemes[]',
];
/** the form's number filters, per occupancy type */
const RANGE_FILTERS: Record<'for-sale' | 'to-rent', [string, string][]> = {
  'for-sale': [
    ['min_floor_area', 'Floor area from (m²)'],
    ['max_service_charge', 'Service charge up to (£ per month)'],
  ],
  'to-rent': [['min_floor_area', 'Floor area from (m²)']],
};
/** each money range, its minimum (a form filter) and its maximum (a facet) side by side: [legend, min, its label, max, its label] */
const MONEY_RANGES: Record<'for-sale' | 'to-rent', [string, string, string, string, string][]> = {
  'for-sale': [
    ['Price', 'min_full_value', 'Minimum price (£)', 'max_full_value', 'Maximum price (£)'],
    ['Share price', 'min_share_value', 'Minimum share price (£)', 'max_share_value', 'Maximum share price (£)'],
    ['Deposit', 'min_deposit', 'Minimum deposit (£)', 'max_deposit', 'Maximum deposit (£)'],
  ],
  'to-rent': [['Rent a month', 'min_monthly_rent', 'Minimum rent a month (£)', 'max_monthly_rent', 'Maximum rent a month (£)']],
};
const RANGE_MAXIMUMS = new Set(Object.values(MONEY_RANGES).flatMap((ranges) => ranges.map((r) => r[3])));

const ROOM_FILTERS: [string, string][] = [
  ['min_bedrooms', 'Bedrooms from'],
  ['max_bedrooms', 'Bedrooms up to'],
  ['min_bathrooms', 'Bathrooms from'],
  ['max_bathrooms', 'Bathrooms up to'],
];

export function parseArea(text: string | null): LatLng[] | null {
  if (!text) return null;
  const points = text.split(';').map((pair) => pair.split(',').map(Number) as LatLng);
  return points.length >= 3 && points.every((p) => p.length === 2 && p.every(Number.isFinite)) ? points : null;
}

const areaText = (area: LatLng[]) => area.map(([lat, lng]) => `${lat},${lng}`).join(';');

/** the search's parameters, as the address has them */
function useSearchParams(): [URLSearchParams, (change: (p: URLSearchParams) => void, keepPage?: boolean, replace?: boolean) => void] {
  const location = useLocation();
  const params = useMemo(() => new URLSearchParams(location.url.split('?')[1] ?? ''), [location.url]);
  const update = (change: (p: URLSearchParams) => void, keepPage = false, replace = false) => {
    const next = new URLSearchParams(params);
    change(next);
    if (!keepPage) next.delete('page');
    location.route(`/search?${next.toString()}`, replace);
  };
  return [params, update];
}

/** the search's canonical address: what it finds, not how the page is sorted, sized or who asks */
function canonicalQuery(params: URLSearchParams): string {
  const personal = ['sort_by', 'size', 'household_income', 'deposit', 'work_postcode', 'affordable_only', 'eligible_only'];
  const query = new URLSearchParams([...params].filter(([k]) => !personal.includes(k)));
  if (query.get('page') === '1') query.delete('page');
  return query.toString();
}

function apiQuery(params: URLSearchParams, overrides: Record<string, string> = {}): string {
  const query = new URLSearchParams(params);
  for (const [k, v] of Object.entries(overrides)) query.set(k, v);
  return query.toString();
}

/** the width up to which the map is a sheet of its own (styles.css) */
const PHONE = '(max-width: 760px)';
/** The kinds of place the service searches as the listings of their local authorities when the radius is 0 ("This area only"). */
const AREA_TYPES = ['region', 'county', 'local_authority'];
/** the places too large for a radius around them to mean anything: searched as themselves */
const WHOLE_AREA_TYPES = ['region', 'county'];

/**
 * "3 developments, 12 homes for sale within 3 miles of Leeds", or with radius 0 "in Leeds", and "in
 * Yorkshire and The Humber" for that region (`area`: the region, county or local authority the service
 * understood). `placeFound` false: the service could not resolve the location and searched the whole UK.
 */
function summaryOf(params: URLSearchParams, total: number, homesTotal: number | null, placeFound: boolean, area: string | null): string {
  const kind = params.get('occupancy_type') === 'to-rent' ? 'to rent' : 'for sale';
  const keywords = params.get('keywords')?.trim();
  const homes = `${countsText(total, homesTotal)} ${kind}${keywords ? ` matching \u201c${keywords}\u201d` : ''}`;
  const where = whereOf(params, placeFound, area);
  const filters = activeFilterNames(params);
  return `${homes}${where ? ` ${where}` : ''}${filters.length ? `, ${filters.join(', ')}` : ''}`;
}

/** where the search looks: "within 3 miles of Leeds"; none when only the distance from work bounds it */
function whereOf(params: URLSearchParams, placeFound: boolean, area: string | null): string | null {
  if (params.get('area')) return 'in the area drawn';
  const location = params.get('location');
  if (!location || !placeFound) return params.has('max_distance_from_work') ? null : 'across the UK';
  const radius = Number(params.get('radius') ?? 3);
  if (radius === 0) return `in ${area ?? location}`;
  return `within ${radius} ${radius === 1 ? 'mile' : 'miles'} of ${area ?? location}`;
}

const pounds = (value: string) => `£${Number(value).toLocaleString('en-GB')}`;

/** the budget, work, affordability and eligibility filters in force, in words */
export function activeFilterNames(params: URLSearchParams): string[] {
  const names: string[] = [];
  const miles = params.get('max_distance_from_work');
  if (miles) names.push(`within ${miles} ${miles === '1' ? 'mile' : 'miles'} of work`);
  const budget = params.get('max_monthly_cost');
  if (budget) names.push(`up to ${pounds(budget)} a month`);
  if (params.has('affordable_only')) names.push('that you can afford');
  if (params.has('eligible_only')) names.push('that you are eligible for');
  if (params.has('reduced_only')) names.push('reduced in the last 30 days');
  return names;
}

export function Search() {
  const [params, update] = useSearchParams();
  const forSale = params.get('occupancy_type') !== 'to-rent';
  const query = params.toString();
  // a phone shows the map only in its sheet: the results come without it, and the map's listings are
  // asked for (GET search/map-listings) once the sheet opens
  const [phone] = useState(() => matchMedia(PHONE).matches);
  const withoutMap = phone ? '&without_map=1' : '';
  const result = useLoad((signal) => api<SearchEnvelope>(`${P}/search?${query}${withoutMap}`, { signal }), [query]);

  // Facets, the map and the searched rectangle come with the first page only: kept for the same search
  // on its other pages, or asked for once when a later page is opened first.
  const filterKey = apiQuery(params, { page: '1' });
  const [firstPage, setFirstPage] = useState<{
    key: string;
    facets: Facet[];
    map: MapListing[];
    sortOptions: SearchEnvelope['sortOptions'];
    rect: SearchEnvelope['rectBounds'];
  } | null>(null);
  useEffect(() => {
    const data = result.data;
    if (!data) return;
    if (data.facets || data.mapListings) {
      setFirstPage({
        key: filterKey,
        facets: data.facets ?? [],
        map: data.mapListings ?? [],
        sortOptions: data.sortOptions,
        rect: data.rectBounds,
      });
    } else if (firstPage?.key !== filterKey) {
      api<SearchEnvelope>(`${P}/search?${apiQuery(params, { page: '1', size: '1' })}${withoutMap}`).then(
        (first) =>
          setFirstPage({
            key: filterKey,
            facets: first.facets ?? [],
            map: first.mapListings ?? [],
            sortOptions: first.sortOptions,
            rect: first.rectBounds,
          }),
        () => undefined,
      );
    }
  }, [result.data]);
  // after a failed search, the last search's facets stay, so that the filters can be changed back
  // the last search's facets stay while a changed one loads, so that the control just toggled keeps its
  // place and its focus
  const extras = firstPage;
  const [sheet, setSheet] = useState<'filters' | 'map' | null>(null);
  const [phoneMap, setPhoneMap] = useState<{ key: string; listings: MapListing[] } | null>(null);
  useEffect(() => {
    if (!phone || sheet !== 'map' || phoneMap?.key === filterKey) return;
    api<{ data: MapListing[] }>(`${P}/search/map-listings?${apiQuery(params, { page: '1' })}`).then(
      (map) => setPhoneMap({ key: filterKey, listings: map.data }),
      () => undefined,
    );
  }, [sheet, filterKey]);
  const mapListings = phone ? (phoneMap?.key === filterKey ? phoneMap.listings : []) : (extras?.map ?? []);
  const resultsRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (result.data && !result.loading) resultsShown(resultsRef.current);
  }, [result.data, result.loading]);

  const [place, setPlace] = useState(params.get('location') ?? '');
  useEffect(() => setPlace(params.get('location') ?? ''), [params.get('location')]);
  const [keywords, setKeywords] = useState(params.get('keywords') ?? '');
  useEffect(() => setKeywords(params.get('keywords') ?? ''), [params.get('keywords')]);

  const area = parseArea(params.get('area'));
  const total = result.data?.pagination.total ?? 0;
  const homes = firstPage?.key === filterKey ? homesFound(firstPage.facets, (param) => params.getAll(`${param}[]`)) : null;
  const understood = result.data?.place;
  const areaName = understood && AREA_TYPES.includes(understood.type) ? understood.name : null;
  // a drawn area, or a region or county searched as itself, has no radius around it
  const wholeArea = understood != null && WHOLE_AREA_TYPES.includes(understood.type) && params.get('radius') === '0';
  const radiusApplies = !area && !wholeArea;
  useEffect(() => {
    // a region or county typed rather than chosen: searched as itself, as a chosen one is
    if (understood && WHOLE_AREA_TYPES.includes(understood.type) && params.get('radius') !== '0' && !area)
      update((p) => p.set('radius', '0'), true, true);
  }, [understood?.type, understood?.name]);
  const summary = result.data ? summaryOf(params, total, homes, result.data.clearLocation !== false, areaName) : undefined;
  useTitle(result.error ? 'The search did not work' : summary ? `${summary}` : 'Search homes');
  usePageMeta(
    summary ? `${summary}. Compare prices, monthly costs and schemes, and register interest.` : null,
    `/search?${canonicalQuery(params)}`,
  );
  const activeFilters = [...params.keys()].filter((k) => !NOT_FILTERS.has(k)).length;

  // the place and the keywords typed beside it go into the address together
  const setLocation = (location: string, kind?: string) =>
    update((p) => {
      p.set('location', location);
      // a region or county is searched as itself: no radius around it
      if (kind && WHOLE_AREA_TYPES.includes(kind)) p.set('radius', '0');
      p.delete('area');
      for (const k of ['lat', 'lng', 'north', 'south', 'east', 'west']) p.delete(k);
      const words = keywords.trim();
      if (words) p.set('keywords', words);
      else {
        p.delete('keywords');
        // relevance is a sort of keyword searches only
        if (p.get('sort_by') === 'relevance') p.delete('sort_by');
      }
    });

  return (
    <div class="search-page">
      <h1 class="visually-hidden">Search homes</h1>
      <SearchForm
        class="search-bar"
        occupancyName="occupancy_type"
        occupancy={params.get('occupancy_type') ?? 'for-sale'}
        onOccupancy={(type) =>
          update((p) => {
            p.set('occupancy_type', type);
            for (const k of TYPE_BOUND) p.delete(k);
            p.delete('sort_by');
          })
        }
        placeId="place"
        place={place}
        onPlace={setPlace}
        onChoose={(p) => (setPlace(p.location), setLocation(p.location, p.type))}
        onSearch={() => setLocation(place.trim())}
        submitText="Search"
      >
        <div class="field">
          <label for="radius">Within</label>
          <select
            id="radius"
            value={radiusApplies ? (params.get('radius') ?? '3') : '0'}
            disabled={!radiusApplies}
            aria-describedby={radiusApplies ? undefined : 'radius-why'}
            onChange={(e) => update((p) => p.set('radius', (e.target as HTMLSelectElement).value))}
          >
            {RADII.map((r) => (
              <option key={r} value={String(r)}>
                {r === 0 ? 'This area only' : `${r} ${r === 1 ? 'mile' : 'miles'}`}
              </option>
            ))}
          </select>
          {!radiusApplies && (
            <p class="hint" id="radius-why">
              {area ? 'The area drawn on the map is searched.' : `All of ${areaName ?? params.get('location')} is searched.`}
            </p>
          )}
        </div>
        <div class="field keywords">
          <label for="keywords">Keywords</label>
          <input
            id="keywords"
            type="search"
            maxLength={100}
            placeholder='garden "roof terrace" -leasehold'
            value={keywords}
            onInput={(e) => setKeywords((e.target as HTMLInputElement).value)}
          />
        </div>
      </SearchForm>
      <AffordBox params={params} update={update} />

      <div class="phone-bar" role="group" aria-label="Show">
        <button type="button" aria-expanded={sheet === 'filters'} aria-controls="search-filters" onClick={() => setSheet('filters')}>
          Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
        </button>
        <button
          type="button"
          aria-expanded={sheet === 'map'}
          aria-controls="search-map"
          onClick={() => setSheet(sheet === 'map' ? null : 'map')}
        >
          {sheet === 'map' ? 'List' : 'Map'}
        </button>
      </div>

      <div class={`search-layout${sheet ? ` show-${sheet}` : ''}`}>
        <section class="results" aria-labelledby="results-summary" ref={resultsRef}>
          <div class="results-head">
            <h2 id="results-summary" aria-live="polite">
              {result.error && !result.loading ? 'The search did not work' : (summary ?? 'Searching…')}
            </h2>
            {result.data?.clearLocation === false && (
              <p class="notice" role="status">
                We could not find {params.get('location')}: showing homes across the UK.
              </p>
            )}
            <div class="field sort">
              <label for="sort">Sort by</label>
              <CommittedSelect
                id="sort"
                value={params.get('sort_by') ?? extras?.sortOptions?.[0]?.value ?? ''}
                options={extras?.sortOptions ?? []}
                onCommit={(value) => update((p) => p.set('sort_by', value))}
              />
            </div>
            <div class="save-search-slot" data-slot="save-search">
              <SaveSearch params={params} />
            </div>
          </div>
          {result.error ? (
            <div class="search-failed">
              <Problem error={result.error} title="Please change the search" />
              <p>
                <button type="button" onClick={() => history.back()}>
                  Back to the previous search
                </button>{' '}
                <a href={`/search?occupancy_type=${forSale ? 'for-sale' : 'to-rent'}`}>Start a new search</a>
              </p>
            </div>
          ) : null}
          {result.loading && !result.data && <Loading what="Searching" />}
          {result.data && (
            <>
              <FeaturedBand listings={featuredOf(result.data)} />
              <ol
                id="results-list"
                tabIndex={-1}
                class="result-list"
                aria-busy={result.loading}
                aria-label={featuredOf(result.data).length ? 'Results, in the order asked' : undefined}
              >
                {resultsOf(result.data).map((listing) => (
                  <li key={`${listing.id}-${listing.displayAs}`}>
                    <ListingCard listing={listing} lead={cardLeadOf(params.get('sort_by'))} />
                  </li>
                ))}
              </ol>
              {result.data.data.length === 0 && <NoMatches params={params} update={update} radiusApplies={radiusApplies} />}
              <Pagination pagination={result.data.pagination} params={params} />
            </>
          )}
        </section>

        <Sheet
          id="search-filters"
          class="filters"
          label="Filters"
          open={sheet === 'filters'}
          onClose={() => setSheet(null)}
          closeText={result.data ? `Show ${countsText(total, homes)}` : 'Show the results'}
        >
          <BudgetAndWork params={params} update={update} work={result.data?.work ?? null} />
          <label class="choice">
            <input
              type="checkbox"
              checked={params.has('reduced_only')}
              onChange={(e) =>
                update((p) => ((e.target as HTMLInputElement).checked ? p.set('reduced_only', '1') : p.delete('reduced_only')))
              }
            />
            Price reduced in the last 30 days
          </label>
          {/* the price or rent always; the share price and deposit when the facets offer them or they are set */}
          {MONEY_RANGES[forSale ? 'for-sale' : 'to-rent']
            .filter(
              (range, i) =>
                i === 0 ||
                params.has(range[1]) ||
                params.has(range[3]) ||
                extras?.facets.some((f) => f.param === range[3] && f.options.length > 0),
            )
            .map((range) => (
              <MoneyRange
                key={range[1]}
                range={range}
                facet={extras?.facets.find((f) => f.param === range[3])}
                params={params}
                update={update}
              />
            ))}
          {extras?.facets
            .filter((facet) => !RANGE_MAXIMUMS.has(facet.param))
            .map((facet) => (
              <FacetControl key={facet.param} facet={facet} params={params} update={update} />
            ))}
          <MoreFilters params={params} update={update} forSale={forSale} />
        </Sheet>

        <Sheet
          id="search-map"
          class="map-column"
          label="Map"
          open={sheet === 'map'}
          onClose={() => setSheet(null)}
          closeText="Show the list"
        >
          <ResultsMap
            listings={mapListings}
            items={result.data?.data ?? []}
            bounds={extras?.rect ?? result.data?.rectBounds}
            area={area}
            onArea={(drawn) => update((p) => (drawn ? p.set('area', areaText(drawn)) : p.delete('area')))}
            lead={cardLeadOf(params.get('sort_by'))}
          />
        </Sheet>
      </div>
    </div>
  );
}

/**
 * A select whose choice is applied once committed: at once when picked with the pointer, but after arrow
 * keys on the closed select (which change its value as they go) only on Enter or on leaving it. The
 * choice not yet committed is state of its own, so a render in between (results arriving) keeps it.
 */
function CommittedSelect(props: {
  id: string;
  value: string;
  options: { value: string; text: string }[];
  onCommit: (value: string) => void;
}) {
  const [pending, setPending] = useState<string | null>(null);
  const keyed = useRef(false);
  const commit = (value: string | null) => {
    if (value !== null && value !== props.value) props.onCommit(value);
    setPending(null);
  };
  return (
    <select
      id={props.id}
      value={pending ?? props.value}
      onKeyDown={(e) => {
        keyed.current = e.key !== 'Enter' && e.key !== 'Tab';
        if (e.key === 'Enter') commit(pending ?? (e.target as HTMLSelectElement).value);
      }}
      onPointerDown={() => (keyed.current = false)}
      onChange={(e) => {
        const value = (e.target as HTMLSelectElement).value;
        if (keyed.current) setPending(value);
        else commit(value);
      }}
      onBlur={() => commit(pending)}
    >
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </select>
  );
}

/** parameters that are not filters (not counted on the "Filters" button) */
const NOT_FILTERS = new Set([
  'occupancy_type',
  'location',
  'keywords',
  'radius',
  'page',
  'size',
  'sort_by',
  'lat',
  'lng',
  'north',
  'south',
  'east',
  'west',
  'area',
  'household_income',
  'deposit',
  'work_postcode',
]);

/**
 * The filters and the map: columns beside the results on a wide screen; on a phone, full-screen sheets
 * opened from the buttons above the results (styles.css), with a button that goes back to the results.
 */
function Sheet({
  id,
  class: className,
  label,
  open,
  onClose,
  closeText,
  children,
}: {
  id: string;
  class: string;
  label: string;
  open: boolean;
  onClose: () => void;
  closeText: string;
  children: ComponentChildren;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!open) return;
    heading.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [open]);
  const close = () => {
    onClose();
    document.querySelector<HTMLButtonElement>(`[aria-controls="${id}"]`)?.focus();
  };
  return (
    <aside id={id} class={`${className} sheet`} aria-labelledby={`${id}-title`}>
      <div class="sheet-head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} class={className === 'filters' ? undefined : 'visually-hidden'}>
          {label}
        </h2>
        <button type="button" class="sheet-close primary" onClick={close}>
          {closeText}
        </button>
      </div>
      {children}
    </aside>
  );
}

type Update = (change: (p: URLSearchParams) => void, keepPage?: boolean) => void;

/** the facets of the providers' own feature names */
const FEATURE_FACETS = new Set(['parking', 'other_features']);

/** One facet: checkboxes for a multi-value facet, a choice of one otherwise; options with no match are disabled. */
function FacetControl({ facet, params, update }: { facet: Facet; params: URLSearchParams; update: Update }) {
  const id = `facet-${facet.param}`;
  if (facet.options.length === 0) return null;
  if (facet.multiValue) {
    const name = `${facet.param}[]`;
    const selected = new Set(params.getAll(name));
    // a feature under two names ("Allocated parking", "Allocated parking space") is one choice, under the fuller
    const groups = FEATURE_FACETS.has(facet.param)
      ? foldFeatureOptions(facet.options)
      : facet.options.map((o) => ({ text: o.text, values: [String(o.value)], count: o.count }));
    return (
      <fieldset class="facet" id={id}>
        <legend>{facet.name}</legend>
        {groups.map((option) => {
          const value = option.values[0]!;
          const checked = option.values.some((v) => selected.has(v));
          return (
            <label key={value} class={`choice${option.count === 0 && !checked ? ' is-empty' : ''}`}>
              <input
                type="checkbox"
                name={name}
                value={value}
                checked={checked}
                disabled={option.count === 0 && !checked}
                onChange={() =>
                  update((p) => {
                    const values = checked ? [...selected].filter((v) => !option.values.includes(v)) : [...selected, ...option.values];
                    p.delete(name);
                    for (const v of values) p.append(name, v);
                  })
                }
              />
              {option.text} <span class="count">({option.count})</span>
            </label>
          );
        })}
      </fieldset>
    );
  }
  const current = params.get(facet.param) ?? '';
  return (
    <div class="facet field">
      <label for={id}>{facet.name}</label>
      <select
        id={id}
        value={current}
        onChange={(e) =>
          update((p) =>
            (e.target as HTMLSelectElement).value ? p.set(facet.param, (e.target as HTMLSelectElement).value) : p.delete(facet.param),
          )
        }
      >
        <option value="">Any</option>
        {facet.options.map((option) => (
          <option key={String(option.value)} value={String(option.value)} disabled={option.count === 0 && current !== String(option.value)}>
            {option.text} ({option.count})
          </option>
        ))}
      </select>
    </div>
  );
}

/** The signed-in customer's profile, for what the search can take from it (income, work postcode). */
function useProfile(): Customer | null {
  const signedIn = useSession();
  const profile = useLoad((signal) => (signedIn ? api<Customer>(`${P}/profile`, { signal }) : Promise.resolve(null)), [signedIn]);
  return profile.data ?? null;
}

/**
 * Near work, within budget: a monthly budget (max_monthly_cost), the work postcode the distances are
 * measured from (work_postcode, else the profile's), "within N miles of work" (max_distance_from_work,
 * only with a work postcode), and "only homes I can afford" (affordable_only, only with a household
 * income: the profile's, or household_income in the address).
 */
function BudgetAndWork({ params, update, work }: { params: URLSearchParams; update: Update; work: SearchEnvelope['work'] }) {
  const signedIn = useSession();
  const profile = useProfile();
  const profileWork = profile?.workPostcode ?? null;
  const hasIncome = params.has('household_income') || (profile?.annualHouseholdIncome ?? null) !== null;
  const affordableOnly = params.has('affordable_only');
  // the form's values as typed, until applied (then as the address has them)
  const [budget, setBudget] = useState(params.get('max_monthly_cost') ?? '');
  const [workPostcode, setWorkPostcode] = useState(params.get('work_postcode') ?? '');
  const [miles, setMiles] = useState(params.get('max_distance_from_work') ?? '');
  useEffect(() => {
    setBudget(params.get('max_monthly_cost') ?? '');
    setWorkPostcode(params.get('work_postcode') ?? '');
    setMiles(params.get('max_distance_from_work') ?? '');
  }, [params]);
  const knowsWork = workPostcode.trim() !== '' || profileWork !== null;
  const whyNotAffordable = hasIncome
    ? null
    : signedIn && profile
      ? 'Give your household income under “What can I afford?”, or add it to your profile, to see the homes you can afford.'
      : 'Give your household income under “What can I afford?” to see the homes you can afford.';
  const judgedBy = [
    params.get('household_income') && `income ${pounds(params.get('household_income')!)}`,
    params.get('deposit') && `savings ${pounds(params.get('deposit')!)}`,
    params.get('work_postcode') && `work ${params.get('work_postcode')!.toUpperCase()}`,
  ].filter(Boolean);
  return (
    <fieldset class="budget-work">
      <legend>Budget, affordability and work</legend>
      {judgedBy.length > 0 && <p class="hint judged-by">Judged by your {judgedBy.join(', ')}.</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          update((p) => {
            if (budget.trim()) p.set('max_monthly_cost', budget.trim());
            else p.delete('max_monthly_cost');
            const postcode = workPostcode.trim();
            if (postcode) p.set('work_postcode', postcode);
            else p.delete('work_postcode');
            if (miles && (postcode || profileWork)) p.set('max_distance_from_work', miles);
            else p.delete('max_distance_from_work');
            // nearest work needs a work postcode
            if (!postcode && !profileWork && p.get('sort_by') === 'nearest-work') p.delete('sort_by');
          });
        }}
      >
        <div class="field">
          <label for="filter-max_monthly_cost">Monthly budget, up to (£)</label>
          <input
            id="filter-max_monthly_cost"
            name="max_monthly_cost"
            type="number"
            min={0}
            inputMode="numeric"
            aria-describedby="filter-max_monthly_cost-hint"
            value={budget}
            onInput={(e) => setBudget((e.target as HTMLInputElement).value)}
          />
          <p class="hint" id="filter-max_monthly_cost-hint">
            What the cheapest home costs a month: mortgage, rent, service charge and ground rent.
          </p>
        </div>
        <div class="field">
          <label for="filter-work_postcode">Work postcode</label>
          <input
            id="filter-work_postcode"
            name="work_postcode"
            autoComplete="postal-code"
            aria-describedby="filter-work_postcode-hint"
            placeholder={profileWork ?? 'e.g. LS1 4AP'}
            value={workPostcode}
            onInput={(e) => setWorkPostcode((e.target as HTMLInputElement).value)}
          />
          <p class="hint" id="filter-work_postcode-hint">
            {work && !params.has('work_postcode')
              ? `Distances are from ${work.postcode}, your profile's work postcode.`
              : 'Shows how far each home is from your work.'}
          </p>
        </div>
        <div class="field">
          <label for="filter-max_distance_from_work">Within … of work</label>
          <select
            id="filter-max_distance_from_work"
            name="max_distance_from_work"
            disabled={!knowsWork}
            aria-describedby={knowsWork ? undefined : 'filter-max_distance_from_work-hint'}
            value={knowsWork ? miles : ''}
            onChange={(e) => setMiles((e.target as HTMLSelectElement).value)}
          >
            <option value="">Any distance</option>
            {WORK_DISTANCES.map((m) => (
              <option key={m} value={String(m)}>
                {m} {m === 1 ? 'mile' : 'miles'} of work
              </option>
            ))}
          </select>
          {!knowsWork && (
            <p class="hint" id="filter-max_distance_from_work-hint">
              Give a work postcode to choose a distance from work.
            </p>
          )}
        </div>
        <button type="submit">Apply budget and distance</button>
      </form>
      <label class="choice">
        <input
          type="checkbox"
          checked={affordableOnly}
          disabled={!affordableOnly && !hasIncome}
          aria-describedby={whyNotAffordable ? 'affordable-only-why' : undefined}
          onChange={(e) =>
            update((p) => ((e.target as HTMLInputElement).checked ? p.set('affordable_only', '1') : p.delete('affordable_only')))
          }
        />
        Only homes I can afford
      </label>
      {whyNotAffordable && (
        <p class="hint" id="affordable-only-why">
          {whyNotAffordable}
        </p>
      )}
      <label class="choice">
        <input
          type="checkbox"
          checked={params.has('eligible_only')}
          aria-describedby="eligible-only-hint"
          onChange={(e) =>
            update((p) => ((e.target as HTMLInputElement).checked ? p.set('eligible_only', '1') : p.delete('eligible_only')))
          }
        />
        Only homes I am eligible for
      </label>
      <p class="hint" id="eligible-only-hint">
        {signedIn
          ? 'Judged by your profile and the income above.'
          : 'Judged by the income, savings and work postcode above; sign in to use your whole profile.'}
      </p>
    </fieldset>
  );
}

/**
 * A money range with its two ends together: the minimum typed, the maximum chosen from the facet's
 * options with their counts (typed when the facet is not there, as after a failed search). Choosing a
 * maximum applies both.
 */
function MoneyRange({
  range,
  facet,
  params,
  update,
}: {
  range: [string, string, string, string, string];
  facet: Facet | undefined;
  params: URLSearchParams;
  update: Update;
}) {
  const [legend, min, minLabel, max, maxLabel] = range;
  const form = useRef<HTMLFormElement>(null);
  const apply = () => {
    const data = new FormData(form.current!);
    update((p) => {
      for (const name of [min, max]) {
        const value = String(data.get(name) ?? '').trim();
        if (value) p.set(name, value);
        else p.delete(name);
      }
    });
  };
  const current = params.get(max) ?? '';
  const options = facet?.options ?? [];
  return (
    <fieldset class="money-range" id={`range-${min}`}>
      <legend>{legend}</legend>
      <form
        ref={form}
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <div class="field">
          <label for={`filter-${min}`}>{minLabel}</label>
          <input id={`filter-${min}`} name={min} type="number" min={0} inputMode="numeric" value={params.get(min) ?? ''} />
        </div>
        <div class="field">
          <label for={`filter-${max}`}>{maxLabel}</label>
          {options.length > 0 ? (
            <select id={`filter-${max}`} name={max} value={current} onChange={apply}>
              <option value="">Any</option>
              {options.map((option) => (
                <option
                  key={String(option.value)}
                  value={String(option.value)}
                  disabled={option.count === 0 && current !== String(option.value)}
                >
                  {option.text} ({option.count})
                </option>
              ))}
            </select>
          ) : (
            <input id={`filter-${max}`} name={max} type="number" min={0} inputMode="numeric" value={current} />
          )}
        </div>
        <button type="submit">Apply {legend.toLowerCase()}</button>
      </form>
    </fieldset>
  );
}

/** The form's own number filters (minimums and room counts), applied together. */
function MoreFilters({ params, update, forSale }: { params: URLSearchParams; update: Update; forSale: boolean }) {
  const fields = [...RANGE_FILTERS[forSale ? 'for-sale' : 'to-rent'], ...ROOM_FILTERS];
  const form = useRef<HTMLFormElement>(null);
  const open = fields.some(([name]) => params.has(name));
  return (
    <details class="more-filters" open={open}>
      <summary>More filters</summary>
      <form
        ref={form}
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(form.current!);
          update((p) => {
            for (const [name] of fields) {
              const value = String(data.get(name) ?? '').trim();
              if (value) p.set(name, value);
              else p.delete(name);
            }
          });
        }}
      >
        {fields.map(([name, label]) => (
          <div class="field" key={name}>
            <label for={`filter-${name}`}>{label}</label>
            <input id={`filter-${name}`} name={name} type="number" min={0} inputMode="numeric" value={params.get(name) ?? ''} />
          </div>
        ))}
        <button type="submit">Apply filters</button>
      </form>
    </details>
  );
}

/** the filters a home seeker can take off in one click when nothing matches, by the name the form gives them */
const REMOVABLE: [string, string][] = [
  ['keywords', 'the keywords'],
  ['max_monthly_cost', 'the monthly budget'],
  ['max_distance_from_work', 'the distance from work'],
  ['affordable_only', '“only homes I can afford”'],
  ['eligible_only', '“only homes I am eligible for”'],
  ['reduced_only', '“price reduced”'],
  ['min_full_value', 'the minimum price'],
  ['max_full_value', 'the maximum price'],
  ['min_monthly_rent', 'the minimum rent'],
  ['max_monthly_rent', 'the maximum rent'],
  ['min_bedrooms', 'the fewest bedrooms'],
  ['max_bedrooms', 'the most bedrooms'],
];

/**
 * Nothing matches: the remedies that apply to this search, each one click: take off a named filter
 * (or a facet's choices), widen the radius (around a point only), or start again.
 */
function NoMatches({ params, update, radiusApplies }: { params: URLSearchParams; update: Update; radiusApplies: boolean }) {
  const radius = Number(params.get('radius') ?? 3);
  const wider = RADII.find((r) => r > radius);
  const facetParams = [...new Set([...params.keys()].filter((k) => k.endsWith('[]')))];
  const remedies: { text: string; apply: (p: URLSearchParams) => void }[] = [
    ...REMOVABLE.filter(([k]) => params.has(k)).map(([k, name]) => ({
      text: `Remove ${name}`,
      apply: (p: URLSearchParams) => p.delete(k),
    })),
    ...facetParams.map((k) => ({ text: `Remove the ${facetName(k)} choices`, apply: (p: URLSearchParams) => p.delete(k) })),
  ];
  if (radiusApplies && params.get('location') && wider !== undefined)
    remedies.push({ text: `Search within ${wider} miles`, apply: (p) => p.set('radius', String(wider)) });
  return (
    <div class="no-matches">
      <p>No homes match this search.</p>
      {remedies.length > 0 && (
        <ul>
          {remedies.map((r) => (
            <li key={r.text}>
              <button type="button" class="link-button" onClick={() => update(r.apply)}>
                {r.text}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={`/search?occupancy_type=${params.get('occupancy_type') ?? 'for-sale'}`}>Start a new search</a>
      </p>
    </div>
  );
}

/** "bedrooms[]" → "bedrooms", "property_types[]" → "property types" */
const facetName = (param: string) => param.replace(/\[\]$/, '').replace(/_/g, ' ');

function Pagination({ pagination, params }: { pagination: SearchEnvelope['pagination']; params: URLSearchParams }) {
  const { currentPage, lastPage, from, to, total } = pagination;
  if (lastPage <= 1) return null;
  const href = (page: number) => `/search?${apiQuery(params, { page: String(page) })}`;
  return (
    <nav class="pagination" aria-label="Pages of results">
      <p>
        Showing {from} to {to} of {total}
      </p>
      <ul>
        {currentPage > 1 && (
          <li>
            <a href={href(currentPage - 1)} rel="prev" onClick={scrollToResultsWhenShown}>
              Previous<span class="visually-hidden"> page</span>
            </a>
          </li>
        )}
        {pagerItems(currentPage, lastPage).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} class="pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <a href={href(n)} aria-current={n === currentPage ? 'page' : undefined} onClick={scrollToResultsWhenShown}>
                <span class="visually-hidden">Page </span>
                {n}
              </a>
            </li>
          ),
        )}
        {currentPage < lastPage && (
          <li>
            <a href={href(currentPage + 1)} rel="next" onClick={scrollToResultsWhenShown}>
              Next<span class="visually-hidden"> page</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/**
 * How many of a page's items are its results: the page holds the featured listings first (the
 * specification's rule 3), then the results `pagination` counts (from … to).
 */
function resultCount(page: { data: unknown[]; pagination: { from: number; to: number; total: number } }): number {
  const { from, to, total } = page.pagination;
  return total === 0 || from === 0 ? 0 : Math.min(page.data.length, to - from + 1);
}

const featuredOf = <T,>(page: { data: T[]; pagination: { from: number; to: number; total: number } }): T[] =>
  page.data.slice(0, page.data.length - resultCount(page));
const resultsOf = <T,>(page: { data: T[]; pagination: { from: number; to: number; total: number } }): T[] =>
  page.data.slice(page.data.length - resultCount(page));

/** The featured listings of a page, in a band of their own above the sorted results, saying they are apart from the sort. */
function FeaturedBand({ listings }: { listings: ListingItem[] }) {
  if (listings.length === 0) return null;
  return (
    <section class="featured-band" aria-labelledby="featured-band-title">
      <h2 id="featured-band-title">Featured homes</h2>
      <p class="featured-note">Shown first by the provider's choice, apart from the order you asked for.</p>
      <ol class="featured-list">
        {listings.map((listing) => (
          <li key={`${listing.id}-${listing.displayAs}-featured`}>
            <ListingCard listing={listing} />
          </li>
        ))}
      </ol>
    </section>
  );
}
