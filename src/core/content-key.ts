// A key for the content of an object that is replaced, never changed in place (cached settings, lists
// read from the database): its JSON, computed once per object.
const keys = new WeakMap<object, string>();

export function contentKey(value: object): string {
  let key = keys.get(value);
  if (key === undefined) {
    key = JSON.stringify(value);
    keys.set(value, key);
  }
  return key;
}
