// A cache that keeps what is used, in two generations of at most `size` entries: new entries go to the
// current one; when it is full it becomes the old one and the one before is dropped; an entry found in the
// old generation moves to the current one. Two Map operations a look-up: on the alert matcher's path,
// with a million distinct keys, an exact LRU's bookkeeping cost more than the work it saved.
export class GenerationalCache<K, V> {
  private current = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(private readonly size: number) {}

  get(key: K): V | undefined {
    const value = this.current.get(key);
    if (value !== undefined) return value;
    const older = this.old.get(key);
    if (older !== undefined) this.set(key, older);
    return older;
  }

  set(key: K, value: V): void {
    if (this.current.size >= this.size) {
      this.old = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }
}
