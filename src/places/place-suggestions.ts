// Place autocomplete over the gazetteer, in memory: a sorted list of the words of every place name, searched
// by prefix with binary search, and for a query of 4 or more letters the prefixes one edit away from it
// (one wrong, missing or extra letter). Postcode districts are matched on their compact code.
import { normaliseName, type Place, type PlaceKind } from './gazetteer.ts';

export type SuggestionType = 'postcode' | 'district' | 'town' | 'local_authority' | 'county' | 'region';

export interface Suggestion {
  id: string;
  type: SuggestionType;
  name: string;
  label: string;
  /** the text that, sent as the search's `location`, resolves to this place */
  location: string;
  latitude: number;
  longitude: number;
}

const TYPES: Record<PlaceKind, SuggestionType> = {
  postcode: 'postcode',
  district: 'district',
  town: 'town',
  'local-authority': 'local_authority',
  county: 'county',
  region: 'region',
};

/** How a search envelope names the place it understood: the id and type its suggestion has. */
export function placeReference(place: Place): { id: string; type: SuggestionType; name: string } {
  const type = TYPES[place.kind];
  const code = place.kind === 'postcode' ? compactPostcode(place.name) : (place.id ?? place.name);
  return { id: `${type}:${code}`, type, name: place.name };
}

/** Broader areas before narrower ones. */
const TIER: Record<SuggestionType, number> = { region: 0, county: 1, local_authority: 2, town: 3, district: 4, postcode: 5 };

/** Fewest letters in a query before one typo is forgiven. */
export const FUZZY_MIN_LETTERS = 4;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
const POSTCODE_START = /^[A-Z]{1,2}[0-9]/;

/** "SW1A 1aa" -> "SW1A1AA": the form postcodes and districts are compared in. */
export function compactPostcode(text: string): string {
  return text.toUpperCase().replace(/\s+/g, '');
}

/** Name words of a text: normalised, apostrophes dropped ("King's" -> "kings"), split on spaces and commas. */
export function wordsOf(text: string): string[] {
  return normaliseName(text.replace(/['’]/g, '')).split(/[ ,]+/).filter(Boolean);
}

/** Every prefix one edit away from `token`: a letter changed, dropped or added (`token` itself excluded). */
export function oneEditAway(token: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= token.length; i++) {
    const [head, tail] = [token.slice(0, i), token.slice(i)];
    if (i < token.length) out.add(head + tail.slice(1));
    for (const c of ALPHABET) {
      out.add(head + c + tail);
      if (i < token.length && c !== token[i]) out.add(head + c + tail.slice(1));
    }
  }
  out.delete(token);
  out.delete('');
  return out;
}

interface Entry extends Suggestion {
  words: string[];
  contextWords: string[];
  exactNames: string[];
  tier: number;
  population: number;
}

/**
 * The suggestion of a place, with the first of its label and its name that `resolve` turns into this very
 * place; null when neither does (a second town of the same name in no area of its own).
 */
export function suggestionOf(place: Place, resolve: (location: string) => Place | null): Suggestion | null {
  if (!place.id) return null;
  const type = TYPES[place.kind];
  // ONS style "Bristol, City of" reads as "Bristol"
  const name = place.name.replace(/, (City|County) of$/, '');
  const label = place.context ? `${name}, ${place.context}` : name;
  for (const location of type === 'district' ? [name] : [label, name]) {
    const resolved = resolve(location);
    if (resolved?.kind === place.kind && resolved.id === place.id) {
      return { id: `${type}:${place.id}`, type, name, label, location, latitude: resolved.center.lat, longitude: resolved.center.lng };
    }
  }
  return null;
}

export class PlaceSuggestions {
  /** entries in ranking order: broader first, then by population, then alphabetically */
  private readonly entries: Entry[];
  /** sorted distinct name words, with the entries (by rank) each belongs to */
  private readonly words: string[];
  private readonly postings: number[][];
  private readonly byExactName = new Map<string, number[]>();
  /** districts by compact code, sorted */
  private readonly districtCodes: string[];
  private readonly districtEntries: number[];

  constructor(suggestions: Iterable<Suggestion & { population?: number; context?: string; aliases?: string[] }>) {
    const entries: Entry[] = [];
    for (const s of suggestions) {
      const names = [s.name, ...(s.aliases ?? [])];
      entries.push({
        id: s.id,
        type: s.type,
        name: s.name,
        label: s.label,
        location: s.location,
        latitude: s.latitude,
        longitude: s.longitude,
        words: [...new Set(names.flatMap(wordsOf))],
        contextWords: wordsOf(s.label.slice(s.name.length)),
        exactNames: [...new Set(names.map((n) => wordsOf(n).join(' ')))],
        tier: TIER[s.type],
        population: s.population ?? 0,
      });
    }
    entries.sort((a, b) => a.tier - b.tier || b.population - a.population || a.name.localeCompare(b.name, 'en-GB') || a.label.localeCompare(b.label, 'en-GB'));
    this.entries = entries;

    const byWord = new Map<string, number[]>();
    const districts: [string, number][] = [];
    entries.forEach((e, i) => {
      if (e.type === 'district' || e.type === 'postcode') {
        districts.push([compactPostcode(e.name), i]);
        return;
      }
      for (const w of e.words) {
        const list = byWord.get(w);
        if (list) list.push(i);
        else byWord.set(w, [i]);
      }
      for (const n of e.exactNames) this.byExactName.set(n, [...(this.byExactName.get(n) ?? []), i]);
    });
    this.words = [...byWord.keys()].sort();
    this.postings = this.words.map((w) => byWord.get(w)!);
    districts.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.districtCodes = districts.map((d) => d[0]);
    this.districtEntries = districts.map((d) => d[1]);
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Up to `size` places for what was typed: an exact name first, then places whose name words start with
   * the typed words (broader areas first, then by population, then alphabetically), then postcode
   * districts, then `postcodes` (those starting with what was typed, from the caller), then places one
   * typo away.
   */
  suggest(q: string, size: number, postcodes: Suggestion[] = []): Suggestion[] {
    const text = q.trim();
    if (text.length < 2) return [];
    const [namePart = '', ...contextParts] = text.split(',');
    const tokens = wordsOf(namePart);
    const context = wordsOf(contextParts.join(' '));
    const exact: number[] = [];
    const seen = new Set<number>();
    const take = (list: Iterable<number>, into: number[]) => {
      for (const i of list) {
        if (seen.has(i)) continue;
        seen.add(i);
        into.push(i);
      }
    };

    if (tokens.length) take((this.byExactName.get(tokens.join(' ')) ?? []).filter((i) => this.matches(i, tokens, context)), exact);
    const compact = compactPostcode(text);
    const districts: number[] = [];
    if (POSTCODE_START.test(compact)) {
      const [lo, hi] = range(this.districtCodes, compact);
      const exactDistrict = this.districtCodes[lo] === compact ? [this.districtEntries[lo]!] : [];
      take(exactDistrict, exact);
      take(this.districtEntries.slice(lo, hi), districts);
    }

    const prefixed: number[] = [];
    if (tokens.length) take(this.candidates(tokens, context, tokens), prefixed);
    prefixed.sort((a, b) => a - b);
    const exactPostcode = postcodes.filter((p) => compactPostcode(p.name) === compact);
    const head = [...exact, ...prefixed, ...districts].slice(0, size).map((i) => present(this.entries[i]!));
    const ranked = [...exactPostcode, ...head, ...postcodes.filter((p) => !exactPostcode.includes(p))];

    if (ranked.length < size && tokens.join('').length >= FUZZY_MIN_LETTERS) {
      const fuzzy: number[] = [];
      tokens.forEach((token, t) => {
        // no typo is guessed in a postcode
        if (/[0-9]/.test(token)) return;
        for (const variant of oneEditAway(token)) {
          const variantTokens = tokens.map((x, i) => (i === t ? variant : x));
          take(this.candidates(variantTokens, context, [variant]), fuzzy);
        }
      });
      ranked.push(...fuzzy.sort((a, b) => a - b).map((i) => present(this.entries[i]!)));
    }
    return ranked.slice(0, size);
  }

  /** Entries of a word starting with one of `drivers`, whose words also match every token. */
  private candidates(tokens: string[], context: string[], drivers: string[]): number[] {
    const out: number[] = [];
    for (const driver of drivers.length === 1 ? drivers : [tokens.reduce((a, b) => (b.length > a.length ? b : a))]) {
      const [lo, hi] = range(this.words, driver);
      for (let w = lo; w < hi; w++) for (const i of this.postings[w]!) if (this.matches(i, tokens, context)) out.push(i);
    }
    return out;
  }

  private matches(i: number, tokens: string[], context: string[]): boolean {
    const e = this.entries[i]!;
    return tokens.every((t) => e.words.some((w) => w.startsWith(t))) && context.every((t) => e.contextWords.some((w) => w.startsWith(t)));
  }
}

function present(e: Entry): Suggestion {
  return { id: e.id, type: e.type, name: e.name, label: e.label, location: e.location, latitude: e.latitude, longitude: e.longitude };
}

/** The indexes [lo, hi) of the sorted `list` items that start with `prefix`. */
export function range(list: string[], prefix: string): [number, number] {
  // every item starting with the prefix sorts before the prefix followed by the highest character
  return [lowerBound(list, prefix), lowerBound(list, prefix + '\uffff')];
}

function lowerBound(list: string[], key: string): number {
  let [lo, hi] = [0, list.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
