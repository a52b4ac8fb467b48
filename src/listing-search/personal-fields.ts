// What a listing item or property details show for who is looking (PORTAL-EXTRAS §6, §7, §11): the
// distances from their home and work, their household's affordability and their eligibility (register
// interest's decision, eligibility/item-eligibility.ts), worked out from the
// listing's stored facts (listing-costs.ts) wherever items appear: search, similar, home-featured,
// favourites, area listings and saved-search matches.
import { affordabilityOf, type Affordability } from '../affordability/affordability.ts';
import { listingAffordability } from '../listings/listing-affordability.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import type { ItemFacts } from '../listing-index/document/listing-costs.ts';
import type { PersonalItemFields } from '../listings/listing-item-payload.ts';
import { distanceMiles } from '../places/geo.ts';
import { NOBODY, roundedMiles, type SearchPerson } from '../search-criteria/search-person.ts';
import { itemEligibility, type ItemEligibility } from '../eligibility/item-eligibility.ts';
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';

/** The searcher's eligibility values (null: none known) and the day the rules are judged on. */
export interface EligibilityOf {
  values: CustomerValues | null;
  today: string;
}

/** The searcher and the lending assumptions the index's costs were worked out with. */
export interface Personal {
  person: SearchPerson;
  lending: LendingAssumptions;
  /** absent or null values: no eligibility shown */
  eligibility?: EligibilityOf;
}

/** Who is looking, for a signed-in customer (their profile); null when nothing is known of them. */
export type PersonalOf = (customerId: number | null) => Promise<Personal | null>;

/**
 * An item's distances from the searcher's home and work and its affordability (of the pool of the
 * matching properties, listing-affordability.ts; `budget`: the search's max_monthly_cost), and its
 * eligibility for the searcher's values (of the listing, as register interest decides it).
 */
export function personalFields(
  factsJson: string | null,
  propertyIds: readonly number[],
  person: SearchPerson,
  lending: LendingAssumptions,
  budget: number | null = null,
  eligibility: EligibilityOf | null = null,
): PersonalItemFields | null {
  if (!factsJson) return null;
  const facts = JSON.parse(factsJson) as ItemFacts;
  const at = { lat: facts.latitude, lng: facts.longitude };
  const miles = (from: SearchPerson['home']) => (from ? roundedMiles(distanceMiles({ lat: from.latitude, lng: from.longitude }, at)) : null);
  const matching = propertyIds.length ? facts.properties.filter((p) => propertyIds.includes(p.id)) : facts.properties;
  return {
    distanceFromHome: miles(person.home),
    distanceFromWork: miles(person.work),
    affordability: person.household ? listingAffordability(matching.length ? matching : facts.properties, person.household, lending, budget) : null,
    eligibility: eligibilityOfFacts(facts, lending, eligibility),
  };
}

/** The listing's eligibility for these values; null when none is known, or the facts predate the rules kept in them. */
function eligibilityOfFacts(facts: ItemFacts, lending: LendingAssumptions, e: EligibilityOf | null): ItemEligibility | null {
  if (!e?.values || !facts.rules) return null;
  return itemEligibility(facts.rules, facts.properties, e.values, e.today, lending);
}

/** Whether an item shows anything for this searcher (else its personal members stay null). */
export function anyPersonal(person: SearchPerson, eligibility: EligibilityOf | null): boolean {
  return person !== NOBODY || !!eligibility?.values;
}

/** The personal fields of an item outside search (all of its properties), null when nobody is known. */
export function personalOfItem(factsJson: string | null | undefined, personal: Personal | null): PersonalItemFields | null {
  return personal ? personalFields(factsJson ?? null, [], personal.person, personal.lending, null, personal.eligibility ?? null) : null;
}

/** Each property's affordability for the household, by property id (none without a household). */
export function propertyAffordability(factsJson: string | null | undefined, personal: Personal | null): Map<number, Affordability> {
  const household = personal?.person.household;
  if (!factsJson || !household) return new Map();
  const facts = JSON.parse(factsJson) as ItemFacts;
  return new Map(facts.properties.map((p) => [p.id, affordabilityOf(p, household, personal.lending)]));
}
