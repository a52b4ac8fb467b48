// What the writes of one feed file share, so that its many rows do not read it again: the reference rows
// (schemes, postcodes) for the whole file; the refs the account held no row of when the file started
// (read at once, so that a new home's rows are created without being looked up one by one); and within
// each group's transaction the rows it has just written (the development its properties and listing
// name, the properties its listing advertises) and the work its writes leave to its end, done by kind
// before it commits (the listings they changed marked, new homes' first prices, new listings' links).
import type { Later, Tx, WriteMemo } from '../sync/sync-resource.ts';

/** The memo of one transaction of a file; `settle` does the work its writes left (`later`), last thing before it commits. */
export interface TransactionMemo extends WriteMemo {
  settle(tx: Tx): Promise<void>;
}

const keyOf = (label: string, ref: string) => `${label}\u0000${ref}`;

export class FileMemo {
  private readonly references = new Map<string, Promise<unknown>>();
  private readonly absent = new Set<string>();

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

  /** the account held no row of these refs of the resource (label) when the file started */
  heldNone(label: string, refs: Iterable<string>): void {
    for (const ref of refs) this.absent.add(keyOf(label, ref));
  }

  /**
   * The memo of one transaction of the file: what it wrote is forgotten with it. `lookUp`: every row is
   * looked up (a transaction tried again after a unique violation: another writer created a row since).
   */
  transaction({ lookUp = false } = {}): TransactionMemo {
    const rows = new Map<string, unknown>();
    // the work left by its writes, by kind in the order first left
    const left = new Map<Later<unknown>, unknown[]>();
    return {
      reference: (key, read) => this.reference(key, read),
      written: <T>(label: string, ref: string) => rows.get(keyOf(label, ref)) as T | undefined,
      wrote: (label, ref, row) => void rows.set(keyOf(label, ref), row),
      absent: (label, ref) => !lookUp && this.absent.has(keyOf(label, ref)),
      later: async (_tx, kind, item) => {
        const items = left.get(kind as Later<unknown>) ?? [];
        items.push(item);
        left.set(kind as Later<unknown>, items);
      },
      settle: async (tx) => {
        const kinds = [...left];
        left.clear();
        for (const [kind, items] of kinds) await kind.doAll(tx, items);
      },
    };
  }
}
