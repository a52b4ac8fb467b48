// Rows grouped into developments the way a person would: homes of one branch, for sale or to let
// alike, at one postcode under one building or scheme name ("Holly Court" and "\"Holly Court\"" are one),
// of which any is marked new, are one new-build development advertised by one listing; a development
// key the feed sends (DEVELOPMENT_REF) groups whatever it names. Every other home stands alone.
import { slugify } from '../listings/slug.ts';
import { branchPrefix, type FeedHome } from './feed-home.ts';
import { nameKey } from './feed-rules.ts';

export interface HomeGroup {
  /** the externalRef of the development and of its listing */
  ref: string;
  homes: FeedHome[];
  /** several homes advertised together */
  development: boolean;
  /** one home of an existing development written alone (an RTDF push): its development and listing are left as they are */
  propertyOnly?: boolean;
}

function groupRef(first: FeedHome, name: string): string {
  const prefix = `${branchPrefix(first.branch)}dev-`;
  const tail = `${first.forSale ? 's' : 'r'}-${first.postcode.replace(/\s+/g, '').toLowerCase()}`;
  return `${prefix}${slugify(name).slice(0, Math.max(1, 100 - prefix.length - tail.length - 1))}-${tail}`;
}

export function groupHomes(homes: FeedHome[]): HomeGroup[] {
  const byKey = new Map<string, FeedHome[]>();
  for (const home of homes) {
    const key = home.developmentKey
      ? `key|${home.branch}|${home.forSale}|${home.developmentKey}`
      : `name|${home.branch}|${home.forSale}|${home.postcode}|${nameKey(home.developmentName)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), home]);
  }
  const groups: HomeGroup[] = [];
  for (const [key, members] of byKey) {
    const keyed = key.startsWith('key|');
    if (keyed || (members.length > 1 && members.some((h) => h.newHome))) {
      const first = members[0]!;
      groups.push({ ref: groupRef(first, keyed ? first.developmentKey! : first.developmentName), homes: members, development: true });
    } else {
      for (const home of members) groups.push({ ref: home.ref, homes: [home], development: false });
    }
  }
  return groups;
}
