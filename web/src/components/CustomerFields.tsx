// The customer's fields as form controls, shared by the profile form and register interest: each field
// of the API's customer update body with its label and control, the lookup lists loaded from the API.
import { api, P, type Customer } from '../api.ts';
import { useLoad } from './common.tsx';
import { fieldSentence } from '../messages.ts';

type Kind = 'text' | 'number' | 'date' | 'postcode' | 'boolean' | 'list' | 'ownership' | 'multi' | 'textarea';

interface FieldSpec {
  label: string;
  kind: Kind;
  /** the lookup list of a list or multi field */
  list?: string;
  hint?: string;
  /** why the profile asks for it: what the portal does with it (shown on the profile form) */
  why?: string;
}

const WHY_MONEY =
  'Used to show which homes you can afford, with what each would cost you a month, and to check the income and deposit limits of the homes you register interest in.';

export const CUSTOMER_FIELDS: Record<string, FieldSpec> = {
  firstName: { label: 'First name', kind: 'text' },
  lastName: { label: 'Last name', kind: 'text' },
  phone: { label: 'Phone number', kind: 'text' },
  dateOfBirth: { label: 'Date of birth', kind: 'date' },
  annualHouseholdIncome: { label: 'Annual household income (£)', kind: 'number', why: WHY_MONEY },
  deposit: { label: 'Deposit or savings (£)', kind: 'number', why: WHY_MONEY },
  homePostcode: {
    label: 'Home postcode',
    kind: 'postcode',
    why: 'Used to show how far each home is from where you live, to sort homes nearest to home, and to check the local connection some homes ask for.',
  },
  homeAddress: { label: 'Home address', kind: 'text' },
  workPostcode: {
    label: 'Work postcode',
    kind: 'postcode',
    hint: 'Leave empty if you do not work',
    why: 'Used to show how far each home is from your work, to sort homes nearest to work, to search within a distance of it, and to check the local connection some homes ask for.',
  },
  workAddress: { label: 'Work address', kind: 'text' },
  occupation: { label: 'Occupation', kind: 'text' },
  employerName: { label: 'Employer', kind: 'text' },
  eligibleCitizen: { label: 'Are you a British or EU/EEA citizen?', kind: 'boolean' },
  homeOwnershipStatus: { label: 'Home ownership', kind: 'ownership', list: 'home-ownership-statuses' },
  livingCircumstance: { label: 'Where you live now', kind: 'list', list: 'living-circumstances' },
  workingCircumstance: { label: 'Work', kind: 'list', list: 'working-circumstances' },
  housingWaitingList: { label: 'Are you on a council housing waiting list?', kind: 'boolean' },
  armedForcesMember: { label: 'Are you serving or have you served in the armed forces?', kind: 'boolean' },
  keyworker: { label: 'Are you a key worker?', kind: 'boolean' },
  hasDisability: { label: 'Does anyone in your household have a disability?', kind: 'boolean' },
  dependants: { label: 'Number of dependants', kind: 'number' },
  buyingInterestPeriod: { label: 'When are you looking to move?', kind: 'list', list: 'buying-interest-periods' },
  bestTimeToContactYou: { label: 'Best time to contact you', kind: 'multi', list: 'best-time-to-contact' },
  remarks: { label: 'Anything else we should know', kind: 'textarea' },
  newsletterConsent: { label: 'Send me the newsletter', kind: 'boolean' },
  partnersOffersConsent: { label: 'Send me offers from partners', kind: 'boolean' },
};

export type Values = Record<string, unknown>;

/** the form values of a customer: lookup objects become their ids */
export function valuesOf(customer: Customer | undefined, fields: string[]): Values {
  const values: Values = {};
  if (!customer) return values;
  const c = customer as unknown as Record<string, unknown>;
  for (const name of fields) {
    const v = c[name];
    if (Array.isArray(v)) values[name] = v.map((item: { id: number }) => item.id);
    else if (v && typeof v === 'object' && 'id' in v) values[name] = (v as { id: number }).id;
    else values[name] = v ?? null;
  }
  return values;
}

type LookupItem = { id: number; name: string; owner?: boolean; working?: boolean };
const lists = new Map<string, Promise<LookupItem[]>>();
/** A lookup list, loaded once. */
export const lookup = (list: string) => {
  if (!lists.has(list))
    lists.set(
      list,
      api<{ data: LookupItem[] }>(`${P}/lists/${list}`, { anonymous: true }).then((r) => r.data),
    );
  return lists.get(list)!;
};

function useLists(names: string[]): Record<string, LookupItem[]> {
  const wanted = [...new Set(names.map((n) => CUSTOMER_FIELDS[n]?.list).filter((l): l is string => !!l))];
  const loaded = useLoad(
    async () => Object.fromEntries(await Promise.all(wanted.map(async (l) => [l, await lookup(l)] as const))),
    [wanted.join()],
  );
  return loaded.data ?? {};
}

interface Props {
  fields: string[];
  values: Values;
  onChange: (name: string, value: unknown) => void;
  /** 422 messages by field */
  errors?: Record<string, string[]>;
  required?: Set<string>;
  idPrefix: string;
  /** say beside each field why it is asked for (the profile form) */
  explain?: boolean;
}

export function CustomerFields({ fields, values, onChange, errors = {}, required = new Set(), idPrefix, explain = false }: Props) {
  const lists = useLists(fields);
  const livingOwner = (lists['living-circumstances'] ?? []).find((l) => l.id === values.livingCircumstance)?.owner === true;
  return (
    <>
      {fields.map((name) => {
        const spec = CUSTOMER_FIELDS[name] ?? { label: name, kind: 'text' as const };
        const id = `${idPrefix}-${name}`;
        const problem = fieldSentence(name, errors[name]);
        // a hint such as "leave empty if you do not work" is wrong beside a field that must be filled
        const hint = [explain ? spec.why : undefined, required.has(name) ? undefined : spec.hint].filter(Boolean).join(' ') || undefined;
        const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
        const value = values[name];
        const common = {
          id,
          name,
          'aria-describedby': describedBy,
          'aria-invalid': problem ? true : undefined,
          required: required.has(name),
        };
        const label = (
          <>
            {spec.label}
            {required.has(name) ? <span aria-hidden="true"> *</span> : null}
          </>
        );
        const after = (
          <>
            {hint && (
              <p class="hint" id={`${id}-hint`}>
                {hint}
              </p>
            )}
            {problem && (
              <p class="field-error" id={`${id}-error`}>
                {problem}
              </p>
            )}
          </>
        );
        if (spec.kind === 'boolean') {
          return (
            <fieldset class="field" key={name} id={id} aria-describedby={describedBy}>
              <legend>{label}</legend>
              {[true, false].map((choice) => (
                <label class="choice inline" key={String(choice)}>
                  <input
                    type="radio"
                    name={id}
                    checked={value === choice}
                    onChange={() => onChange(name, choice)}
                    required={required.has(name)}
                  />
                  {choice ? 'Yes' : 'No'}
                </label>
              ))}
              {after}
            </fieldset>
          );
        }
        if (spec.kind === 'multi') {
          const chosen = new Set((value as number[] | null) ?? []);
          return (
            <fieldset class="field" key={name} id={id}>
              <legend>{label}</legend>
              {(lists[spec.list!] ?? []).map((item) => (
                <label class="choice inline" key={item.id}>
                  <input
                    type="checkbox"
                    checked={chosen.has(item.id)}
                    onChange={() => onChange(name, chosen.has(item.id) ? [...chosen].filter((x) => x !== item.id) : [...chosen, item.id])}
                  />
                  {item.name}
                </label>
              ))}
              {after}
            </fieldset>
          );
        }
        let control;
        if (spec.kind === 'list' || spec.kind === 'ownership') {
          // an owner's living circumstance rules out the first two ownership statuses
          const items = (lists[spec.list!] ?? []).filter((item) => spec.kind !== 'ownership' || !livingOwner || item.id > 2);
          control = (
            <select
              {...common}
              value={value == null ? '' : String(value)}
              onChange={(e) => onChange(name, (e.target as HTMLSelectElement).value ? Number((e.target as HTMLSelectElement).value) : null)}
            >
              <option value="">Choose…</option>
              {items.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.name}
                </option>
              ))}
            </select>
          );
        } else if (spec.kind === 'textarea') {
          control = (
            <textarea
              {...common}
              rows={3}
              value={(value as string | null) ?? ''}
              onInput={(e) => onChange(name, (e.target as HTMLTextAreaElement).value || null)}
            />
          );
        } else {
          const type = (spec.kind === 'number' ? 'number' : spec.kind === 'date' ? 'date' : 'text') as 'text';
          control = (
            <input
              {...common}
              type={type}
              min={spec.kind === 'number' ? 0 : undefined}
              autocomplete={
                spec.kind === 'postcode'
                  ? 'postal-code'
                  : name === 'firstName'
                    ? 'given-name'
                    : name === 'lastName'
                      ? 'family-name'
                      : name === 'phone'
                        ? 'tel'
                        : undefined
              }
              value={value == null ? '' : String(value)}
              onInput={(e) => {
                const text = (e.target as HTMLInputElement).value;
                onChange(name, text === '' ? null : spec.kind === 'number' ? Number(text) : text);
              }}
            />
          );
        }
        return (
          <div class="field" key={name}>
            <label for={id}>{label}</label>
            {control}
            {after}
          </div>
        );
      })}
    </>
  );
}
