// The account's saved searches: each with its summary and new matches, its alert settings (how often,
// new listings, price reductions), rename and delete, a link that opens it on the search page and its
// matches. /account/saved-searches/{id} (where the alert e-mails link) shows one with its matches.
import { useState } from 'preact/hooks';
import { ApiError, api, P, type SearchEnvelope } from '../api.ts';
import { ListingGrid } from '../components/ListingCard.tsx';
import { Loading, Problem, useLoad } from '../components/common.tsx';
import { dayText } from '../format.ts';
import { countsText, homesFound, matchesText } from '../search-counts.ts';
import { AlertFrequencySelect } from '../components/AlertFrequencySelect.tsx';
import { searchHref, type AlertFrequency, type SavedSearch } from '../saved-query.ts';

export function SavedSearches() {
  const list = useLoad(() => api<{ data: SavedSearch[] }>(`${P}/profile/saved-searches`), []);
  return (
    <section data-slot="saved-searches" aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title">Saved searches</h2>
      {list.loading && !list.data && <Loading />}
      {list.error ? <Problem error={list.error} /> : null}
      {list.data && list.data.data.length === 0 && (
        <p>
          No saved searches yet: <a href="/search">search for homes</a> and choose “Save this search” to be e-mailed about new ones.
        </p>
      )}
      <ul class="stack">
        {list.data?.data.map((saved) => (
          <li key={saved.id}>
            <SavedSearchCard saved={saved} onChange={list.reload} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OneSavedSearch({ id }: { id: string }) {
  const one = useLoad(() => api<SavedSearch>(`${P}/profile/saved-searches/${encodeURIComponent(id)}`), [id]);
  const [deleted, setDeleted] = useState(false);
  return (
    <section data-slot="saved-searches" aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title">Saved search</h2>
      <p>
        <a href="/account/saved-searches">All your saved searches</a>
      </p>
      {one.loading && !one.data && <Loading />}
      {one.error ? (
        one.error instanceof ApiError && one.error.status === 404 ? (
          <p>There is no such saved search in your account.</p>
        ) : (
          <Problem error={one.error} />
        )
      ) : null}
      {deleted && <p role="status">The saved search is deleted.</p>}
      {one.data && !deleted && <SavedSearchCard saved={one.data} onChange={one.reload} onDeleted={() => setDeleted(true)} showMatches />}
    </section>
  );
}

function SavedSearchCard({
  saved,
  onChange,
  onDeleted = onChange,
  showMatches = false,
}: {
  saved: SavedSearch;
  onChange: () => void;
  onDeleted?: () => void;
  showMatches?: boolean;
}) {
  const prefix = `saved-${saved.id}`;
  const [frequency, setFrequency] = useState<AlertFrequency>(saved.alerts.frequency);
  const [newListings, setNewListings] = useState(saved.alerts.newListings);
  const [priceReductions, setPriceReductions] = useState(saved.alerts.priceReductions);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(saved.name);
  const [matches, setMatches] = useState(showMatches);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const act = async (action: () => Promise<unknown>, done: string, after = onChange) => {
    setFailure(null);
    setStatus('');
    try {
      await action();
      setStatus(done);
      after();
    } catch (err) {
      setFailure(err);
    }
  };
  const put = (body: object) => api<SavedSearch>(`${P}/profile/saved-searches/${saved.id}`, { method: 'PUT', body });
  return (
    <article class="card saved-search" aria-labelledby={`${prefix}-title`}>
      <div class="card-body">
        <h3 id={`${prefix}-title`}>
          {saved.name}
          {saved.newMatches > 0 && (
            <span class="badge badge-new">
              {saved.newMatches} new<span class="visually-hidden"> {saved.newMatches === 1 ? 'match' : 'matches'}</span>
            </span>
          )}
        </h3>
        <p class="saved-summary">{saved.summary}</p>
        <p class="card-address">
          Saved on {dayText(saved.createdAt)}
          {saved.lastViewedAt ? ` · matches last seen on ${dayText(saved.lastViewedAt)}` : ''}
        </p>
        <div class="actions">
          <a href={searchHref(saved.query as Record<string, unknown>)}>
            Open this search<span class="visually-hidden">: {saved.name}</span>
          </a>
          <button type="button" aria-expanded={matches} aria-controls={`${prefix}-matches`} onClick={() => setMatches(!matches)}>
            See matches<span class="visually-hidden"> of {saved.name}</span>
          </button>
          <button type="button" aria-expanded={renaming} onClick={() => setRenaming(!renaming)}>
            Rename<span class="visually-hidden"> {saved.name}</span>
          </button>
          <button
            type="button"
            class="danger"
            onClick={() => {
              if (confirm(`Delete the saved search “${saved.name}”? Its alerts stop.`)) {
                void act(() => api(`${P}/profile/saved-searches/${saved.id}`, { method: 'DELETE' }), 'Deleted.', onDeleted);
              }
            }}
          >
            Delete<span class="visually-hidden"> {saved.name}</span>
          </button>
        </div>
        {renaming && (
          <form
            class="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              void act(() => put({ name: name.trim() }).then(() => setRenaming(false)), 'The name is saved.');
            }}
          >
            <label for={`${prefix}-name`}>New name</label>
            <input id={`${prefix}-name`} value={name} maxLength={100} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
            <button type="submit">Save name</button>
          </form>
        )}
        <form
          class="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => put({ alerts: { frequency, newListings, priceReductions } }), 'Alert settings saved.');
          }}
        >
          <fieldset>
            <legend>E-mail alerts</legend>
            <AlertFrequencySelect id={`${prefix}-frequency`} label="How often" value={frequency} onChange={setFrequency} />
            <label class="choice">
              <input type="checkbox" checked={newListings} onChange={() => setNewListings(!newListings)} /> New listings
            </label>
            <label class="choice">
              <input type="checkbox" checked={priceReductions} onChange={() => setPriceReductions(!priceReductions)} /> Price reductions
            </label>
          </fieldset>
          <button type="submit">Save alert settings</button>
        </form>
        <p role="status">{status}</p>
        {failure ? <Problem error={failure} title="That did not work" /> : null}
        <div id={`${prefix}-matches`}>{matches && <Matches saved={saved} />}</div>
      </div>
    </article>
  );
}

/** the values a saved query chose of a multi-value facet */
function chosenIn(query: unknown, param: string): string[] {
  const value = (query as Record<string, unknown>)[param];
  return Array.isArray(value) ? value.map(String) : [];
}

function Matches({ saved }: { saved: SavedSearch }) {
  const result = useLoad(() => api<SearchEnvelope>(`${P}/profile/saved-searches/${saved.id}/matches`, { query: { size: 6 } }), [saved.id]);
  if (result.loading && !result.data) return <Loading what="Finding the matches" />;
  if (result.error) return <Problem error={result.error} />;
  const data = result.data!;
  return (
    <div class="saved-matches">
      {/* the total counts listings (developments), not homes */}
      <h4>{matchesText(data.pagination.total, data.facets ? homesFound(data.facets, (param) => chosenIn(saved.query, param)) : null)}</h4>
      <ListingGrid listings={data.data} keyOf={(listing) => `${listing.id}-${listing.displayAs}`} />
      {data.pagination.total > data.data.length && (
        <p>
          <a href={searchHref(saved.query as Record<string, unknown>)}>See all {countsText(data.pagination.total, null)} on the search page</a>
        </p>
      )}
    </div>
  );
}
