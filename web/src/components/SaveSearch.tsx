// "Save this search" on the search page: a signed-in customer names the search (its place by default)
// and chooses how often to be e-mailed about new matches; it is saved with the page's parameters
// (without page, size and sort_by). Anyone else is offered a sign-in that comes back to the search.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { ApiError, api, P, problemLines } from '../api.ts';
import { useSession } from '../session.ts';
import { AlertFrequencySelect } from './AlertFrequencySelect.tsx';
import { defaultName, fieldLines, savedQueryOf, type AlertFrequency, type SavedSearch } from '../saved-query.ts';

export function SaveSearch({ params }: { params: URLSearchParams }) {
  const signedIn = useSession();
  const { url } = useLocation();
  const key = params.toString();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName(params));
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<SavedSearch | null>(null);
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  // another search: start again
  useEffect(() => {
    setOpen(false);
    setSaved(null);
    setErrors([]);
    setName(defaultName(params));
  }, [key]);

  if (!signedIn) {
    return (
      <p class="save-search">
        <a href={`/sign-in?next=${encodeURIComponent(url)}`}>Sign in to save this search</a>
      </p>
    );
  }
  const save = async (e: Event) => {
    e.preventDefault();
    setSaving(true);
    setErrors([]);
    try {
      const body = { name: name.trim(), query: savedQueryOf(params), alerts: { frequency } };
      setSaved(await api<SavedSearch>(`${P}/profile/saved-searches`, { method: 'POST', body }));
      setOpen(false);
    } catch (err) {
      setErrors(
        err instanceof ApiError && Object.keys(err.errors).length
          ? fieldLines(err.errors)
          : [{ field: '', message: problemLines(err)[0]! }],
      );
    } finally {
      setSaving(false);
    }
  };
  const nameErrors = errors.filter((e) => e.field === 'name');
  const otherErrors = errors.filter((e) => e.field !== 'name');
  return (
    <div class="save-search">
      <button type="button" aria-expanded={open} aria-controls="save-search-form" onClick={() => (setOpen(!open), setSaved(null))}>
        Save this search
      </button>
      <div role="status">
        {saved && (
          <p class="success">
            Saved as “{saved.name}”. <a href={`/account/saved-searches/${saved.id}`}>See your saved searches</a>
          </p>
        )}
      </div>
      {open && (
        <form id="save-search-form" class="inline-form save-search-form" onSubmit={save} noValidate>
          <label for="save-search-name">Name of this search</label>
          <input
            id="save-search-name"
            value={name}
            maxLength={100}
            aria-invalid={nameErrors.length > 0 || undefined}
            aria-describedby={nameErrors.length ? 'save-search-name-error' : undefined}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
          {nameErrors.length > 0 && (
            <p id="save-search-name-error" class="field-error">
              {nameErrors.map((e) => e.message).join(' ')}
            </p>
          )}
          <AlertFrequencySelect id="save-search-frequency" label="E-mail me new matches" value={frequency} onChange={setFrequency} />
          {otherErrors.length > 0 && (
            <div class="problem" role="alert">
              <strong>This search was not saved</strong>
              <ul>
                {otherErrors.map((e) => (
                  <li key={`${e.field}${e.message}`}>{e.message}</li>
                ))}
              </ul>
            </div>
          )}
          {nameErrors.length > 0 && (
            <p class="visually-hidden" role="alert">
              This search was not saved: {nameErrors.map((e) => e.message).join(' ')}
            </p>
          )}
          <button type="submit" class="primary" disabled={saving}>
            Save search
          </button>
        </form>
      )}
    </div>
  );
}
