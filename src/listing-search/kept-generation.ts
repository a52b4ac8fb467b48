// What the search keeps (responses, engine answers) counts as of an index generation, with the scope of
// the search it answered: a move of the generation carries to the new one whatever was kept at the
// generation before and lies outside every footprint of the change (listing-index/index-footprint.ts).
import type { IndexChange, TouchedBy } from '../search/index-changes.ts';
import { readFootprint, touches, type SearchScope } from '../listing-index/index-footprint.ts';

export interface KeptAtGeneration {
  /** the index generation the engine was asked at (the answer reflects the index as of then) */
  generation: number;
  /** what of the index the answer reads; null: any change may touch it */
  scope: SearchScope | null;
}

/**
 * Carries the entries the change cannot touch to its generation; returns how many. Nothing when a
 * footprint is not known. `touched`, when given, is asked of each entry the change touches: true when
 * it brought the entry up to date with the change (kept-answers.ts), which is then carried too.
 */
export function carryForward<T extends KeptAtGeneration>(entries: Iterable<T>, change: IndexChange, touched?: (kept: T) => boolean): number {
  if (change.footprints === null) return 0;
  const footprint: NonNullable<ReturnType<typeof readFootprint>> = [];
  for (const text of change.footprints) {
    const read = readFootprint(text);
    if (read === null) return 0;
    footprint.push(...read);
  }
  let carried = 0;
  for (const kept of entries) {
    if (kept.generation !== change.from || kept.scope === null) continue;
    if (touches(kept.scope, footprint) && !touched?.(kept)) continue;
    kept.generation = change.to;
    carried++;
  }
  return carried;
}

/** What a write still open may touch of an answer of this scope (none given for no scope: any write may). */
export function touchedBy(scope: SearchScope | null): TouchedBy | undefined {
  if (scope === null) return undefined;
  return (footprint) => touches(scope, readFootprint(footprint));
}
