// What the writes of one feed file share, so that its many rows do not read it again: the reference rows
// (schemes, postcodes) for the whole file, and within each group's transaction the rows it has just
// written (the development its properties and listing name, the properties its listing advertises).
import type { WriteMemo } from '../sync/sync-resource.ts';

export class FileMemo {
  private readonly references = new Map<string, Promise<unknown>>();

  reference<T>(key: string, read: () => Promise<T>): Promise<T> {
    let value = this.references.get(key) as Promise<T> | undefined;
    if (!value) {
      value = read();
      this.references.set(key, value);
      // a read that failed is not kept: the next row reads again
      value.catch(() => this.references.delete(key));
    }
    return value;
  }

  /** the memo of one transaction of the file: what it wrote is forgotten with it */
  transaction(): WriteMemo {
    const rows = new Map<string, unknown>();
    return {
      reference: (key, read) => this.reference(key, read),
      written: <T>(label: string, ref: string) => rows.get(`${label}\u0000${ref}`) as T | undefined,
      wrote: (label, ref, row) => void rows.set(`${label}\u0000${ref}`, row),
    };
  }
}
