// What a decision tells the home seeker, in plain English: why a rule failed (with their value and the
// home's limit), what is still needed, or why they are only considered.
import { formatPounds } from '../core/number-format.ts';
import { dateInWords } from '../core/date-time-format.ts';

const money = formatPounds;

const longDate = dateInWords;

/**
 * The home ownership statuses (ids and names as in the lookup list "home-ownership-statuses"; the
 * listing rules only allow these four), each with the people it describes.
 */
export const HOME_OWNERSHIP_STATUSES: Record<number, { name: string; people: string }> = {
  1: { name: 'First-time buyer', people: 'first-time buyers' },
  2: { name: 'Owns no property at the moment', people: 'people who own no property at the moment' },
  3: { name: 'Owns a property that is being sold', people: 'people selling the property they own' },
  4: { name: 'Owns one or more properties', people: 'people who own one or more properties' },
};

const orList = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

export const failure = {
  income: (income: number, limit: number) =>
    `Your household income of ${money(income)} is above this home's limit of ${money(limit)} a year.`,
  citizen: () => 'This home is only for British or EU/EEA citizens, and you have told us you are not one.',
  homeOwnership: (status: number, allowed: number[]) => {
    const yours = HOME_OWNERSHIP_STATUSES[status]?.name;
    const people = allowed.map((s) => HOME_OWNERSHIP_STATUSES[s]?.people).filter((p): p is string => p !== undefined);
    if (!people.length) return 'Your home ownership status does not qualify for this home.';
    return `This home is only for ${orList(people)}${yours ? `, and your home ownership status is "${yours}"` : ''}.`;
  },
  tooYoung: (age: number, minAge: number) => `You must be ${minAge} or over to apply for this home, and you are ${age}.`,
  tooOld: (age: number, maxAge: number) => `You must be ${maxAge} or under to apply for this home, and you are ${age}.`,
  localConnection: () =>
    'You must live or work in one of the local authority areas this home is offered to, and neither your home nor your work postcode is in one.',
  firstDibs: (until: string) =>
    `Until ${longDate(until)} this home is offered only to people who live or work in London, and neither your home nor your work postcode is in London.`,
  minDeposit: (deposit: number, minimum: number) =>
    `Your deposit of ${money(deposit)} is below this home's minimum deposit of ${money(minimum)}.`,
  propertyDeposit: (deposit: number, propertyDeposits: number[]) =>
    propertyDeposits.length === 1
      ? `Your deposit of ${money(deposit)} is below this home's deposit of ${money(propertyDeposits[0]!)}.`
      : `Your deposit of ${money(deposit)} is below the deposit of every home in this listing (the lowest is ${money(Math.min(...propertyDeposits))}).`,
};

/** The fields the engine can find missing ("homePostcode": either postcode will do). */
export type NeededField = 'annualHouseholdIncome' | 'deposit' | 'dateOfBirth' | 'eligibleCitizen' | 'homeOwnershipStatus' | 'homePostcode';

/** The home's money figures a needed value is checked against, named in its message. */
export interface NeededFigures {
  maxHouseholdIncome: number | null;
  minDeposit: number | null;
  /** the deposits of the listing's homes that set one */
  propertyDeposits: number[];
}

/** Why a needed field is asked for; the income and the deposit with the home's figures they are checked against. */
export function neededMessage(field: NeededField, figures: NeededFigures): string {
  if (field === 'annualHouseholdIncome' && figures.maxHouseholdIncome !== null)
    return `Your annual household income is needed to check it against this home's limit of ${money(figures.maxHouseholdIncome)} a year.`;
  if (field === 'deposit') {
    const deposits = figures.propertyDeposits;
    if (figures.minDeposit !== null) return `The deposit you can put down is needed to check it against this home's minimum deposit of ${money(figures.minDeposit)}.`;
    if (deposits.length === 1) return `The deposit you can put down is needed to check it against this home's deposit of ${money(deposits[0]!)}.`;
    if (deposits.length > 1) return `The deposit you can put down is needed to check it against the deposits of the homes here (from ${money(Math.min(...deposits))}).`;
  }
  return NEEDED[field];
}

/** Why a field the listing names among its eligibility fields is asked for, where no rule of it reads the value. */
export const ASKED: Record<NeededField, string> = {
  annualHouseholdIncome: 'Your annual household income is needed: this home asks for it.',
  deposit: 'The deposit you can put down is needed: this home asks for it.',
  dateOfBirth: 'Your date of birth is needed: this home asks for it.',
  eligibleCitizen: 'We need to know whether you are a British or EU/EEA citizen: this home asks for it.',
  homeOwnershipStatus: 'Your home ownership status (for example, first-time buyer) is needed: this home asks for it.',
  homePostcode: 'Your home postcode is needed: this home asks for it.',
};

/** A sale no savings could make affordable: the costing's reason, said to hold whatever the savings. */
export const whateverTheSavings = (reason: string): string => `Whatever your savings, ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;

/** What the savings would tell when they are not known (the decision is then considered, never failed on them). */
export const savingsUnknown = {
  /** affordable with exactly the deposit needed: whether they have it is all that is not known */
  deposit: (needed: number | null, what: string): string =>
    needed === null ? 'Tell us your savings to see whether you can afford this home.' : `Tell us your savings to see whether you have the deposit of ${money(needed)} ${what} needs.`,
  /** not affordable with only the deposit needed, affordable with more */
  more: (needed: number | null, what: string, reasons: string[]): string =>
    needed === null
      ? 'Tell us your savings to see whether you can afford this home.'
      : `Tell us your savings to see whether you can afford this home: with only the deposit of ${money(needed)} ${what} needs, ${reasons.map((r) => r.charAt(0).toLowerCase() + r.slice(1)).join(' ')} More savings would lower the mortgage.`,
};

/** Why a needed field is asked for, without figures. */
export const NEEDED: Record<NeededField, string> = {
  annualHouseholdIncome: 'Your annual household income is needed to check whether it is within the limit for this home.',
  deposit: "The deposit you can put down is needed to check it against this home's deposit.",
  dateOfBirth: 'Your date of birth is needed to check the age limits for this home.',
  eligibleCitizen: 'We need to know whether you are a British or EU/EEA citizen: this home is only for them.',
  homeOwnershipStatus: 'Your home ownership status (for example, first-time buyer) is needed: this home is not open to every buyer.',
  homePostcode: 'Your home or work postcode is needed to check whether you live or work in the area this home is offered to.',
};

export const UNMATCHED_POSTCODE =
  'We could not find the local authority of the postcode you gave, so we cannot check whether you live or work in the area this home is offered to: please check your home or work postcode.';

export const CONSIDERED_WITHOUT_LOCAL_CONNECTION =
  'Priority goes to people who live or work in the local authority areas this home is offered to; your application will be considered after theirs.';
