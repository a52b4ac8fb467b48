// What a synchronisation write did, for REST statuses (201/200) and bulk item statuses.
export type WriteStatus = 'created' | 'updated' | 'unchanged' | 'deleted';

export interface WriteResult<T> {
  status: WriteStatus;
  record: T;
  /** listings whose search documents this write changed */
  listingIds: number[];
}

/** True when every field of `data` already holds that value in `current` (dates and JSON compared by value). */
export function sameData(current: Record<string, unknown>, data: Record<string, unknown>): boolean {
  return Object.entries(data).every(([key, value]) => sameValue(current[key], value));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const ta = a instanceof Date ? a.getTime() : a == null ? null : new Date(a as string).getTime();
    const tb = b instanceof Date ? b.getTime() : b == null ? null : new Date(b as string).getTime();
    return ta === tb;
  }
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}
