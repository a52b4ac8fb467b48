// The API's 422 messages in people's words. The API names each problem by its parameter
// ("max_full_value must not be below min_full_value", "annualHouseholdIncome is required for this
// listing"), which is right for integrators; the portal shows the same problem with the field's name as
// its form says it and a sentence ("Maximum price must not be below the minimum price.").

/** What each parameter is called in a sentence (the form's label without its unit or question form). */
const NAMES: Record<string, string> = {
  // the customer (profile, sign-up, register interest)
  email: 'Email address',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone number',
  dateOfBirth: 'Date of birth',
  annualHouseholdIncome: 'Annual household income',
  deposit: 'Deposit or savings',
  homePostcode: 'Home postcode',
  homeAddress: 'Home address',
  workPostcode: 'Work postcode',
  workAddress: 'Work address',
  occupation: 'Occupation',
  employerName: 'Employer',
  eligibleCitizen: 'Citizenship',
  homeOwnershipStatus: 'Home ownership',
  livingCircumstance: 'Where you live now',
  workingCircumstance: 'Work',
  housingWaitingList: 'Housing waiting list',
  armedForcesMember: 'Armed forces service',
  keyworker: 'Key worker',
  hasDisability: 'Disability in the household',
  dependants: 'Number of dependants',
  buyingInterestPeriod: 'When you are looking to move',
  bestTimeToContactYou: 'Best time to contact you',
  remarks: 'Anything else we should know',
  newsletterConsent: 'Newsletter',
  partnersOffersConsent: 'Partner offers',
  // register interest
  property: 'The home chosen',
  bedrooms: 'Bedrooms',
  additionalInfo: 'Message to the provider',
  // a saved search
  name: 'Name of this search',
  alerts: 'Alerts',
  'alerts.frequency': 'How often to e-mail',
  'alerts.newListings': 'New listings alert',
  'alerts.priceReductions': 'Price reductions alert',
  query: 'The search',
  // the search
  location: 'Place or postcode',
  radius: 'Distance',
  area: 'The area drawn',
  occupancy_type: 'Buy or rent',
  min_full_value: 'Minimum price',
  max_full_value: 'Maximum price',
  min_share_value: 'Minimum share price',
  max_share_value: 'Maximum share price',
  min_deposit: 'Minimum deposit',
  max_deposit: 'Maximum deposit',
  min_monthly_rent: 'Minimum rent',
  max_monthly_rent: 'Maximum rent',
  min_bedrooms: 'Bedrooms from',
  max_bedrooms: 'Bedrooms up to',
  min_bathrooms: 'Bathrooms from',
  max_bathrooms: 'Bathrooms up to',
  sort_by: 'Sort order',
  page: 'Page',
  size: 'Results per page',
  schemes: 'Schemes',
  status: 'Availability',
  types: 'Property type',
  new_homes: 'New homes',
  home_postcode: 'Home postcode',
  work_postcode: 'Work postcode',
  household_income: 'Household income',
  max_monthly_cost: 'Monthly budget',
  max_distance_from_work: 'Distance from work',
  affordable_only: 'Only homes I can afford',
};

/** Predicates the API words for integrators, as a person would say them. */
const PHRASES: [RegExp, string][] = [
  [/ \(and \d+ more errors?\)$/, ''],
  [/ is required for this listing/, ' is needed to register interest in this home'],
  [/ must be true or false/, ' must be yes or no'],
  [/ must be one of 1, true, on, yes \(or 0, false, off, no\)/, ' must be on or off'],
  [/ must be (an array of ids|ids|1, 2, 3 or 4|a property id)/, ' must be one of the choices offered'],
  [/ must hold ids/, ' must be one of the choices offered'],
  [/ must be a past date as YYYY-MM-DD/, ' must be a date in the past'],
  [/ must be an absolute http\(s\) URL/, ' must be a web address'],
  // what the search can take from the profile (affordable_only, max_distance_from_work, the nearest sorts)
  [/ needs a household income \(household_income, or the profile’s\)/, ' needs your household income: add it to your profile'],
  [/ needs a (work|home) postcode \((?:work|home)_postcode, or the profile’s\)/, ' needs a $1 postcode: give one, or add it to your profile'],
  [/^nearest-(work|home) needs/, 'Nearest to $1 needs'],
];

/** the last part of a dotted or bracketed parameter: `query.radius` → `radius`, `bedrooms[]` → `bedrooms` */
const baseOf = (param: string) => param.replace(/\[\]$/, '').replace(/^query\./, '');

/** A parameter's name in a sentence: its label, else its words ("max_featured" → "Max featured"). */
export function fieldName(param: string): string {
  const base = baseOf(param);
  const known = NAMES[param] ?? NAMES[base];
  if (known) return known;
  const words = base
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A name in the middle of a sentence: "Maximum price" → "the maximum price" ("The home chosen" keeps its article). */
const inSentence = (name: string) => (/^the /i.test(name) ? name.toLowerCase() : `the ${name.charAt(0).toLowerCase()}${name.slice(1)}`);

const PARAM_WORD = /\b[a-z][a-zA-Z]*(?:_[a-z]+)*(?:\.[a-zA-Z_]+)*\b/g;

/**
 * One of the API's messages about `param` as a sentence: the parameter named at its start becomes the
 * field's name, other parameters it names become "the …", and it ends with a full stop.
 */
export function sentenceOf(param: string, message: string): string {
  let text = message.trim();
  const lead = [param, baseOf(param), param.split('.').pop()!].find((p) => text.startsWith(`${p} `) || text === p);
  let subject = '';
  if (lead) {
    subject = fieldName(param);
    text = text.slice(lead.length);
  }
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement);
  // other parameters it mentions ("… must not be below min_full_value")
  text = text.replace(PARAM_WORD, (word) => (NAMES[word] !== undefined && /[_A-Z.]/.test(word) ? inSentence(NAMES[word]) : word));
  let sentence = `${subject}${text}`.trim();
  sentence = sentence.charAt(0).toUpperCase() + sentence.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** A field's 422 messages as one sentence: the first (the API may give several for one value). */
export function fieldSentence(param: string, messages: readonly string[] | undefined): string | undefined {
  return messages?.length ? sentenceOf(param, messages[0]!) : undefined;
}

/** Every field's problem, one sentence per field. */
export function problemSentences(errors: Record<string, readonly string[]>): string[] {
  return Object.entries(errors).flatMap(([param, messages]) => fieldSentence(param, messages) ?? []);
}

/**
 * A message without field errors (the API's overall message): its leading parameter named as above
 * when it starts with one the portal knows.
 */
export function messageSentence(message: string): string {
  const first = message.split(/\s/)[0] ?? '';
  return NAMES[first] !== undefined || NAMES[baseOf(first)] !== undefined ? sentenceOf(first, message) : message;
}
