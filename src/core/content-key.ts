// Keys for what a cached answer depends on. contentKey: the content of an object that is replaced,
// never changed in place (cached settings, lists read from the database), as its JSON, computed once
// per object.
const keys = new WeakMap<object, string>();

export function contentKey(value: object): string {
  let key = keys.get(value);
  if (key === undefined) {
    key = JSON.stringify(value);
    keys.set(value, key);
  }
  return key;
}

/**
 * Short names for long keys, each the same for the same key: cheaper to hash and compare on every
 * request than the key itself. Keeps up to `limit` keys, then starts afresh (names are never reused).
 */
export class ShortIds {
  private readonly ids = new Map<string, string>();
  private next = 0;

  constructor(private readonly limit = 1000) {}

  idOf(key: string): string {
    let id = this.ids.get(key);
    if (id === undefined) {
      if (this.ids.size >= this.limit) this.ids.clear();
      id = (this.next++).toString(36);
      this.ids.set(key, id);
    }
    return id;
  }
}
