// The life cycle shared by every synchronised resource (developments, properties, listings), keyed by
// the integrator's externalRef within their account: create (409 when it exists), idempotent PUT,
// PATCH of the sent fields, DELETE; each write is one transaction that also marks the listings whose
// search documents it changes. Writes answer the stored row; the routes present it.
import type { PrismaClient } from '../db/prisma.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import type { ApiAccount, Prisma } from '../generated/prisma/client.ts';
import { ConflictError, NotFoundError } from '../core/errors.ts';
import { listingsChanged, type ListingChangeFollower } from './outbox.ts';
import type { WriteResult } from './write-result.ts';

export type Tx = Prisma.TransactionClient;

export interface SyncRow {
  id: number;
  externalRef: string;
  deletedAt?: Date | null;
  withdrawnAt?: Date | null;
}

const isGone = (row: SyncRow) => Boolean(row.deletedAt ?? row.withdrawnAt);

/**
 * What a writer of many objects already holds, so that its writes need not read it again (feeds: a
 * file's reference rows, and the rows each of its transactions has just written).
 */
export interface WriteMemo {
  /** a reference row (schemes, a postcode) under `key`, read once for as long as the memo lives */
  reference<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** the live row of this resource (label) and ref written (or found unchanged) in this transaction, if any */
  written<T>(label: string, ref: string): T | undefined;
  wrote(label: string, ref: string, row: unknown): void;
  /** true when the account is known to hold no row of this resource and ref (not even a deleted one), so none is looked up: a wrong answer must end in a unique violation */
  absent(label: string, ref: string): boolean;
  /**
   * Work a write leaves to the end of its transaction: done at once for a single write (NO_MEMO), or, by
   * a writer of many objects in one transaction, for all the items of its kind together before it
   * commits (one statement where there were as many as writes).
   */
  later<T>(tx: Tx, kind: Later<T>, item: T): Promise<void>;
}

/** A kind of work left to the end of a transaction (`WriteMemo.later`): what is done for its items. */
export interface Later<T> {
  doAll(tx: Tx, items: T[]): Promise<void>;
}

/** the memo of a single write: reads everything, does its work at once */
export const NO_MEMO: WriteMemo = {
  reference: (_key, read) => read(),
  written: () => undefined,
  wrote: () => undefined,
  absent: () => false,
  later: (tx, kind, item) => kind.doAll(tx, [item]),
};

/** The listings writes changed, marked (sync/outbox.ts) together: the outbox once, then each follower once. */
const LISTINGS_CHANGED: Later<{ listingIds: number[]; follower: ListingChangeFollower | undefined }> = {
  async doAll(tx, items) {
    await listingsChanged(tx, items.flatMap((i) => i.listingIds), undefined);
    for (const follower of new Set(items.map((i) => i.follower))) {
      const ids = items.filter((i) => i.follower === follower).flatMap((i) => i.listingIds);
      if (follower && ids.length) await follower.listingsChanged(tx, ids);
    }
  },
};

/** `Saved`: the row saveQuietly returns (by default the full row) */
export abstract class SyncResource<Row extends SyncRow, Input extends { externalRef: string }, Data, Saved extends SyncRow = Row> {
  protected abstract readonly label: string;

  constructor(
    protected readonly prisma: PrismaClient,
    /** what else a write of listings causes in its transaction (the alert checks) */
    private readonly follower?: ListingChangeFollower,
  ) {}

  /** the fields of the input */
  protected abstract readonly inputFields: readonly string[];
  /** the row with this ref in the account, also when deleted */
  protected abstract findRow(db: Tx, accountId: number, ref: string): Promise<Row | null>;
  /** turns validated input into column values, resolving references (422 for unknown ones) */
  protected abstract resolve(db: Tx, account: ApiAccount, input: Input, memo: WriteMemo): Promise<Data>;
  protected abstract isUnchanged(db: Tx, row: Row, data: Data): Promise<boolean>;
  protected abstract saveRow(db: Tx, account: ApiAccount, existing: Row | null, input: Input, data: Data): Promise<Row>;
  /** saveRow for a writer that does not present the stored object (feeds): its columns are enough */
  protected saveQuietly(db: Tx, account: ApiAccount, existing: Row | null, input: Input, data: Data, _memo: WriteMemo): Promise<Saved> {
    return this.saveRow(db, account, existing, input, data) as Promise<Row & Saved>;
  }
  protected abstract removeRow(db: Tx, row: Row): Promise<void>;
  protected abstract listingIdsOf(db: Tx, row: Row | Saved): Promise<number[]>;
  /** listingIdsOf of a row saveRow has just created: no listing can point to it yet (a listing names itself) */
  protected listingIdsOfCreated(_row: Row | Saved): number[] {
    return [];
  }

  /**
   * The stored object as input, PATCH's starting point: the input fields the row holds under the same
   * names; a resource whose columns are named or shaped otherwise adds its own.
   */
  protected inputOf(row: Row): Input {
    const columns = row as unknown as Record<string, unknown>;
    return Object.fromEntries(this.inputFields.filter((field) => field in columns).map((field) => [field, columns[field]])) as Input;
  }

  async get(account: ApiAccount, ref: string): Promise<Row> {
    const row = await this.findRow(this.prisma, account.id, ref);
    if (!row || isGone(row)) throw new NotFoundError(`${this.label} ${ref} was not found`);
    return row;
  }

  /** POST: 409 when a live object already has this ref. */
  async create(account: ApiAccount, input: Input): Promise<WriteResult<Row>> {
    const existing = await this.findRow(this.prisma, account.id, input.externalRef);
    if (existing && !isGone(existing)) throw new ConflictError(`${this.label} ${input.externalRef} already exists; use PUT to replace it`);
    return this.put(account, input);
  }

  /** PUT: creates or replaces; the same input twice changes nothing the second time. */
  async put(account: ApiAccount, input: Input, attempt = 0): Promise<WriteResult<Row>> {
    try {
      return await this.prisma.$transaction((tx) => this.putIn(tx, account, input));
    } catch (err) {
      // Two writers creating the same ref at once: the loser retries as an update.
      if (isUniqueViolation(err) && attempt === 0) return this.put(account, input, 1);
      throw err;
    }
  }

  /**
   * PUT inside a transaction the caller holds, so that several objects (a feed's development, its
   * properties and their listing) are written together or not at all.
   */
  async putIn(tx: Tx, account: ApiAccount, input: Input): Promise<WriteResult<Row>> {
    const { row, ...result } = await this.write(tx, account, input, NO_MEMO, (existing, data) => this.saveRow(tx, account, existing, input, data));
    return { ...result, record: row };
  }

  /**
   * putIn with the row named `row`, without reading it back whole, for writers that answer with their
   * own report (feeds); `memo`: what they already hold.
   */
  async writeIn(tx: Tx, account: ApiAccount, input: Input, memo: WriteMemo = NO_MEMO): Promise<Omit<WriteResult<Row>, 'record'> & { row: Row | Saved }> {
    return this.write(tx, account, input, memo, (existing, data) => this.saveQuietly(tx, account, existing, input, data, memo));
  }

  private async write<R extends Row | Saved>(tx: Tx, account: ApiAccount, input: Input, memo: WriteMemo, save: (existing: Row | null, data: Data) => Promise<R>) {
    const existing = memo.absent(this.label, input.externalRef) ? null : await this.findRow(tx, account.id, input.externalRef);
    const data = await this.resolve(tx, account, input, memo);
    if (existing && !isGone(existing) && (await this.isUnchanged(tx, existing, data))) {
      memo.wrote(this.label, input.externalRef, existing);
      return { status: 'unchanged' as const, row: existing, listingIds: [] };
    }
    const before = existing ? await this.listingIdsOf(tx, existing) : [];
    const row = await save(existing, data);
    memo.wrote(this.label, input.externalRef, row);
    // saving keeps the row's id and does not change which listings point to it: those of before
    const listingIds = [...new Set(existing ? before : this.listingIdsOfCreated(row))];
    if (listingIds.length) await memo.later(tx, LISTINGS_CHANGED, { listingIds, follower: this.follower });
    const status = existing && !isGone(existing) ? ('updated' as const) : ('created' as const);
    return { status, row, listingIds };
  }

  /** DELETE inside a transaction the caller holds; null when there is no live object of that ref. */
  async removeIn(tx: Tx, account: ApiAccount, ref: string): Promise<number[] | null> {
    const row = await this.findRow(tx, account.id, ref);
    if (!row || isGone(row)) return null;
    const listingIds = await this.listingIdsOf(tx, row);
    await this.removeRow(tx, row);
    await listingsChanged(tx, listingIds, this.follower);
    return listingIds;
  }

  /** PATCH: only the fields sent change; the others keep their stored values. */
  async patch(account: ApiAccount, ref: string, changes: Partial<Input>): Promise<WriteResult<Row>> {
    const row = await this.findRow(this.prisma, account.id, ref);
    if (!row || isGone(row)) throw new NotFoundError(`${this.label} ${ref} was not found`);
    // the stored object was valid input when written
    return this.put(account, { ...this.inputOf(row), ...changes, externalRef: ref });
  }

  async remove(account: ApiAccount, ref: string): Promise<WriteResult<Row>> {
    return this.prisma.$transaction(async (tx) => {
      const row = await this.findRow(tx, account.id, ref);
      if (!row || isGone(row)) throw new NotFoundError(`${this.label} ${ref} was not found`);
      const listingIds = await this.listingIdsOf(tx, row);
      await this.removeRow(tx, row);
      await listingsChanged(tx, listingIds, this.follower);
      const after = await this.findRow(tx, account.id, ref);
      return { status: 'deleted', record: after ?? row, listingIds };
    });
  }
}
