// Reference data (portal settings, schemes, lookup lists, partners) kept in memory: read again from the
// database once it is older than its time to live, and served as last read while the database is out
// of reach, so that requests answered from the search engine keep answering through a database outage.
import { isDatabaseUnreachable } from './database-unavailable.ts';

export class KeptValue<T> {
  private kept: { value: Promise<T>; at: number } | null = null;
  private loading: Promise<T> | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
  ) {}

  /** The value, read again when older than the time to live; the last one read while the database is out of reach. */
  get(): Promise<T> {
    const kept = this.kept;
    if (kept && Date.now() - kept.at < this.ttlMs) return kept.value;
    this.loading ??= this.reload().finally(() => (this.loading = null));
    return this.loading;
  }

  private async reload(): Promise<T> {
    try {
      const value = await this.load();
      this.kept = { value: Promise.resolve(value), at: Date.now() };
      return value;
    } catch (err) {
      if (this.kept && isDatabaseUnreachable(err)) return this.kept.value;
      throw err;
    }
  }
}

/** KeptValue by key, for at most `maxKeys` keys (beyond that, the oldest key is dropped). */
export class KeptValues<K, T> {
  private readonly values = new Map<K, KeptValue<T>>();

  constructor(
    private readonly load: (key: K) => Promise<T>,
    private readonly ttlMs: number,
    private readonly maxKeys = 1000,
  ) {}

  get(key: K): Promise<T> {
    let value = this.values.get(key);
    if (!value) {
      if (this.values.size >= this.maxKeys) this.values.delete(this.values.keys().next().value as K);
      value = new KeptValue(() => this.load(key), this.ttlMs);
      this.values.set(key, value);
    }
    return value.get();
  }
}
