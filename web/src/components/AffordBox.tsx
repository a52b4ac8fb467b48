// "What can I afford?": the household income, the savings and (optionally) the work postcode, for
// anyone, visitors included. They go into the address as the search API's own parameters
// (household_income, deposit, work_postcode), so the search judges each home against them without an
// account; a signed-in customer is offered to keep them in the profile.
import { useEffect, useState } from 'preact/hooks';
import { api, P } from '../api.ts';
import { useSession } from '../session.ts';

type Update = (change: (p: URLSearchParams) => void) => void;

const FIELDS = [
  { param: 'household_income', id: 'afford-income', label: 'Household income a year (£)', profile: 'annualHouseholdIncome', number: true },
  { param: 'deposit', id: 'afford-savings', label: 'Savings for a deposit (£)', profile: 'deposit', number: true },
  { param: 'work_postcode', id: 'afford-work', label: 'Where you work (postcode, optional)', profile: 'workPostcode', number: false },
] as const;

export function AffordBox({ params, update }: { params: URLSearchParams; update: Update }) {
  const signedIn = useSession();
  const read = () => Object.fromEntries(FIELDS.map((f) => [f.param, params.get(f.param) ?? ''])) as Record<string, string>;
  const [values, setValues] = useState(read);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => setValues(read()), [params.toString()]);
  const set = (param: string, e: Event) => setValues({ ...values, [param]: (e.target as HTMLInputElement).value });
  const given = FIELDS.some((f) => params.has(f.param));

  const saveToProfile = async () => {
    const body: Record<string, string | number> = {};
    for (const f of FIELDS) {
      const value = params.get(f.param);
      if (value) body[f.profile] = f.number ? Number(value) : value;
    }
    try {
      await api(`${P}/profile`, { method: 'PUT', body });
      setSaved('Saved to your profile.');
    } catch {
      setSaved('We could not save them to your profile: please try again from your account.');
    }
  };

  // on a phone folded away until used, so that the results stay on the first screen
  const open = given || !matchMedia('(max-width: 760px)').matches;
  return (
    <details class="afford-box" open={open}>
      <summary id="afford-title">What can I afford?</summary>
      <form
        aria-labelledby="afford-title"
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(null);
          update((p) => {
            for (const f of FIELDS) {
              const value = values[f.param]!.trim();
              if (value) p.set(f.param, value);
              else p.delete(f.param);
            }
            if (!p.has('household_income')) p.delete('affordable_only');
            if (!p.has('work_postcode')) p.delete('max_distance_from_work');
          });
        }}
      >
        {FIELDS.map((f) => (
          <div class="field" key={f.param}>
            <label for={f.id}>{f.label}</label>
            {f.number ? (
              <input
                id={f.id}
                name={f.param}
                type="number"
                min={0}
                inputMode="numeric"
                value={values[f.param]}
                onInput={(e) => set(f.param, e)}
              />
            ) : (
              <input
                id={f.id}
                name={f.param}
                type="text"
                autoComplete="postal-code"
                value={values[f.param]}
                onInput={(e) => set(f.param, e)}
              />
            )}
          </div>
        ))}
        <button type="submit">Show what I can afford</button>
        {signedIn && given && (
          <button type="button" class="link-button" onClick={() => void saveToProfile()}>
            Save these to my profile
          </button>
        )}
        {saved && <p role="status">{saved}</p>}
      </form>
    </details>
  );
}
