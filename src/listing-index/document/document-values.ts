// Small helpers the listing document's pieces share: sorted unique values, JSON columns as lists, days,
// and the properties' feature sections (parking apart from the rest).
export type Json = unknown;
export interface FeatureSection {
  section: string;
  values: string[];
}

const PARKING_SECTION = /parking/i;
export const sortedUnique = <T extends string | number>(values: T[]): T[] => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
export const asArray = <T>(value: Json): T[] => (Array.isArray(value) ? (value as T[]) : []);
export const isoDate = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 10) : null);

export function mergeFeatures(sections: FeatureSection[][]): FeatureSection[] {
  const merged = new Map<string, Set<string>>();
  for (const list of sections) for (const { section, values } of list) {
    const set = merged.get(section) ?? new Set<string>();
    for (const v of values) set.add(v);
    merged.set(section, set);
  }
  return [...merged].map(([section, values]) => ({ section, values: [...values] }));
}

const featureKey = (v: string) => v.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * A home's parking or other features, each once: a value another of its values spells out in full
 * ("Allocated parking" beside "Allocated parking space") or repeats in other letters' case is left out,
 * as the portal folds the facet's options, so that a home is counted once under the folded option.
 */
export function featureValues(sections: FeatureSection[], parking: boolean): string[] {
  const values = sortedUnique(sections.filter((s) => PARKING_SECTION.test(s.section) === parking).flatMap((s) => s.values));
  const keys = values.map(featureKey);
  const kept = new Set<string>();
  return values.filter((_, i) => {
    const key = keys[i]!;
    if (kept.has(key) || keys.some((other) => other.startsWith(`${key} `))) return false;
    kept.add(key);
    return true;
  });
}
