// When the search index may have changed, told to every instance: what lets a kept search response be
// sent again without asking the engine (listing-search/search-response-memo.ts), and for how long that
// is safe.
//
// Writers (the reindex worker, a synchronisation write's read-your-write, a full reindex, tests) write
// through SearchClient, which tells this object of every request that may change an index
// (`IndexWriteWatcher`). Before a write is sent, its process announces it with NOTIFY on
// INDEX_CHANNEL (`open <writer> <seq>`, committed before the engine sees the write); once a refresh
// that began after the write has returned, or the write itself asked for one, it announces that every
// write up to then is searchable (`settled <writer> <seq>`); it says so after every refresh and every
// refreshing write, so that each may move the generation on. A writer repeats its oldest unsettled
// announcement every second while it has one.
//
// Every instance LISTENs on a connection of its own. A settle moves the generation on: kept responses
// made before it are not sent again without asking the engine. The instance is *quiet*, and may send a
// kept response without asking, only while
//   - its listening connection answered a probe sent at most `boundMs` ago (PostgreSQL delivers a
//     connection's notifications before the answer of its next statement, so every notification
//     committed before that probe has been heard), and
//   - no write announced to it has stayed unsettled for longer than `boundMs`.
// Hence the bound: a response sent without asking the engine reflects every change that the index
// made searchable at least `boundMs` before. A change made searchable at R was announced at o < R; if
// the announcement was committed before the last probe, the instance heard it, and either the settle
// came after R (the response was made after it) or the write is still open and younger than boundMs,
// so R > o >= now - boundMs; if it was committed after the probe, o >= now - boundMs too.
// A writer that dies between its write and its settle leaves its announcement open until it expires
// (OPEN_EXPIRY_MS, longer than a bulk request may take and the index's refresh interval after it), when
// the generation moves on with the footprints of the writes that expired. Meanwhile a write open longer
// than the bound keeps from being sent unasked only the kept responses its footprint may touch (`quiet`
// asked with the response's `touchedBy`): one instance's crash or start does not turn every instance's
// kept answers off, only those of the writes it had open.
//
// What a change touches: a writer may give a write's footprint (`WriteNotes`, in the request's
// `options.context.indexWrite`; its meaning is the listing index's, listing-index/index-footprint.ts),
// announced with it (`open <writer> <seq> @<footprint>`). Each move of the generation tells its
// listeners the footprints of the writes it settled (`IndexChange`), or null when one of them is not
// known (not announced with one, announced before this instance listened, or the move is a reconnection
// or an expiry): a kept response no footprint touches is then as good at the new generation. Writes
// still open are covered by the bound above, as before.
// When a write is searchable: a write that asks for a refresh is searchable when answered; another
// once the index's own refresh has run. The writer may tell that (`searchable`, called once the write
// is answered), else it waits twice the refresh interval and a second.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../core/logger.ts';

export const INDEX_CHANNEL = 'search_index';

/** What a writer may tell of a write, in the request's `options.context.indexWrite`. */
export interface WriteNotes {
  /** what the write can change, as listing-index/index-footprint.ts writes it; absent: anything */
  footprint?: string;
  /** the documents it replaces and writes, as listing-index/delta-documents.ts writes them (with a footprint only) */
  documents?: string;
  /** called once the write is answered: resolves when it is searchable (the write is settled then, or after the refresh interval's wait) */
  searchable?: () => Promise<void>;
}

/** A move of the generation, with the footprints of the writes it settled (null: not all known, so anything may have changed). */
export interface IndexChange {
  from: number;
  to: number;
  footprints: readonly string[] | null;
  /** the writer whose settle it is; null for a reconnection or an expiry */
  writer: string | null;
  /** the writes it settled, in order, when every footprint is known (as `footprints`) */
  writes?: readonly SettledWrite[];
}

/** A write a move of the generation settled. */
export interface SettledWrite {
  footprint: string;
  /** the documents it replaced and wrote, when announced with them */
  documents?: string;
  /** when this instance first heard of it (Date.now()) */
  heardAt: number;
}

/** What SearchClient tells of the requests that may change an index. */
export interface IndexWriteWatcher {
  /** before a write is sent: resolves once it is announced (a failure keeps the write from being sent) */
  beforeWrite(notes?: WriteNotes): Promise<number>;
  /** after it: `searchable` when the write itself made its change searchable (refresh, alias swap) */
  afterWrite(seq: number, searchable: boolean, notes?: WriteNotes): void;
  /** a refresh is about to be sent: returns what completing it will settle */
  beforeRefresh(): number[];
  afterRefresh(covered: number[], ok: boolean): void;
}

export interface IndexChangesOptions {
  /** how stale a response sent without asking the engine may be (SEARCH_MEMO_BOUND_MS) */
  boundMs: number;
  /** the index's refresh interval: a write not followed by a refresh is searchable after it (twice, plus a second, is assumed) */
  refreshIntervalMs: number;
  /** an announcement not renewed for this long is taken as a writer gone (OPEN_EXPIRY_MS; tests shorten it) */
  openExpiryMs?: number;
}

/** Whether a write of this footprint (as listing-index/index-footprint.ts writes it) may touch a kept response. */
export type TouchedBy = (footprint: string) => boolean;

/** in a settle: writes beyond the one it names became searchable too, whose footprints it does not carry */
const UNKNOWN_REACH = '?';
/** an announcement not renewed for this long is taken as a writer gone: its write is searchable by now */
const OPEN_EXPIRY_MS = 35_000;
/** probes remembered (heardEverythingOf): a minute of them at the default bound */
const PROBES_KEPT = 240;
/** how often a writer repeats its oldest unsettled announcement */
const RENEW_MS = 1_000;

interface Open {
  since: number;
  renewed: number;
  /** the write's footprint as announced; undefined when not heard with one */
  footprint?: string;
  documents?: string;
  /** when this instance first heard of it */
  heardAt: number;
}

export class IndexChanges implements IndexWriteWatcher {
  private generationNo = 0;
  /** this process's name as a writer, in its announcements */
  readonly writer = randomUUID().slice(0, 8);
  // --- the writer's side: writes not yet searchable, by sequence number
  private seq = 0;
  private readonly unsettled = new Map<number, 'sending' | 'written'>();
  private settledUpTo = 0;
  private renewTimer: NodeJS.Timeout | null = null;
  // --- the listener's side
  private client: pg.Client | null = null;
  private listening = false;
  private connectedAt = -Infinity;
  private fence = -Infinity;
  private readonly opens = new Map<string, Map<number, Open>>();
  /** by writer, the last write it settled that this instance heard of, from its first write on (else unknown) */
  private readonly settledOf = new Map<string, number>();
  private probeTimer: NodeJS.Timeout | null = null;
  private probing = false;
  /** the latest probes answered on the listening connection, oldest first */
  private readonly probes: { started: number; answered: number }[] = [];
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private readonly listeners = new Set<(change: IndexChange) => void>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    private readonly options: IndexChangesOptions,
  ) {}

  /** Moves on whenever a change may have become searchable; compare before asking the engine and after. */
  generation(): number {
    return this.generationNo;
  }

  /** Writes announced to this instance and not settled yet, by every writer it hears. */
  openWrites(): number {
    let open = 0;
    for (const writes of this.opens.values()) open += writes.size;
    return open;
  }

  /**
   * Whether a response kept at the current generation may be sent without asking the engine (see above).
   * `touchedBy`: what the response reads, so that a write open longer than the bound whose footprint
   * cannot touch it does not hold it back; without it, or for a write of unknown footprint, any does.
   */
  quiet(touchedBy?: TouchedBy, now = Date.now()): boolean {
    if (!this.client || now - this.fence > this.options.boundMs || now - this.connectedAt < RENEW_MS) return false;
    for (const writes of this.opens.values())
      for (const open of writes.values())
        if (now - open.since > this.options.boundMs && (!touchedBy || open.footprint === undefined || touchedBy(open.footprint))) return false;
    return true;
  }

  /** Calls `listener` whenever the generation moves on (synchronously, before any search reads the new one); returns the unsubscriber. */
  onChange(listener: (change: IndexChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---------------------------------------------------------------- writer

  async beforeWrite(notes?: WriteNotes): Promise<number> {
    const seq = ++this.seq;
    this.unsettled.set(seq, 'sending');
    const footprint = notes?.footprint !== undefined ? ` @${notes.footprint}` : '';
    const documents = footprint && notes?.documents !== undefined ? ` #${notes.documents}` : '';
    const message = `open ${this.writer} ${seq}${footprint}${documents}`;
    try {
      await this.announce(message);
    } catch (err) {
      this.unsettled.delete(seq);
      throw err;
    }
    // heard here at once too: this instance's own settle may come before its notification does
    this.heard(message);
    this.renewTimer ??= setInterval(() => this.renew(), RENEW_MS);
    this.renewTimer.unref();
    return seq;
  }

  afterWrite(seq: number, searchable: boolean, notes?: WriteNotes): void {
    if (searchable) this.settle([seq], true);
    else {
      this.unsettled.set(seq, 'written');
      // a write no refresh follows is searchable once the index's own refresh has run
      const wait = 2 * this.options.refreshIntervalMs + 1_000;
      setTimeout(() => this.settle([seq]), wait).unref();
      notes?.searchable?.().then(
        () => this.unsettled.has(seq) && this.settle([seq], true),
        () => undefined,
      );
      this.settle([]);
    }
  }

  beforeRefresh(): number[] {
    return [...this.unsettled].filter(([, state]) => state === 'written').map(([seq]) => seq);
  }

  afterRefresh(covered: number[], ok: boolean): void {
    if (ok) this.settle(covered, true);
  }

  /**
   * These writes are searchable. When that moves the oldest unsettled write on, or anything may have
   * become searchable just now (`changed`: a refresh, a write that refreshed), every instance is told:
   * its generation moves on (this one's at once: read-your-write), and it forgets this writer's
   * announcements up to the oldest write still unsettled. A settle names writes up to that one, so one
   * that became searchable beyond it (an older write still on its way) is not among the footprints the
   * settle carries: the settle then says its reach is unknown (` ?`), and nothing kept is carried past it.
   */
  private settle(seqs: number[], changed = false): void {
    for (const seq of seqs) this.unsettled.delete(seq);
    const upTo = (this.unsettled.size ? Math.min(...this.unsettled.keys()) : this.seq + 1) - 1;
    if (upTo <= this.settledUpTo && !changed) return;
    this.settledUpTo = Math.max(this.settledUpTo, upTo);
    const beyond = changed && seqs.some((seq) => seq > this.settledUpTo);
    const message = `settled ${this.writer} ${this.settledUpTo}${beyond ? ` ${UNKNOWN_REACH}` : ''}`;
    this.heard(message);
    this.announce(message).catch((err: unknown) => this.logger.warn({ err: String(err) }, 'index changes: a settle could not be announced; the others learn of it when the announcement expires'));
    if (this.unsettled.size === 0 && this.renewTimer) {
      clearInterval(this.renewTimer);
      this.renewTimer = null;
    }
  }

  private renew(): void {
    if (this.unsettled.size === 0) return;
    const oldest = Math.min(...this.unsettled.keys());
    this.announce(`open ${this.writer} ${oldest}`).catch(() => undefined);
  }

  private async announce(message: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [INDEX_CHANNEL, message]);
  }

  // ---------------------------------------------------------------- listener

  /** Listens for the writers' announcements (every instance that serves searches). */
  start(): void {
    if (this.listening) return;
    this.listening = true;
    void this.connect();
    this.probeTimer = setInterval(() => void this.probe(), Math.max(50, Math.floor(this.options.boundMs / 4)));
    this.probeTimer.unref();
  }

  async stop(): Promise<void> {
    this.listening = false;
    if (this.probeTimer) clearInterval(this.probeTimer);
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private heard(message: string): void {
    const [kind, writer, seqText, notes, documents] = message.split(' ');
    const seq = Number(seqText);
    if (!writer || !Number.isInteger(seq)) return;
    const now = Date.now();
    let writes = this.opens.get(writer);
    if (kind === 'open') {
      if (!writes) this.opens.set(writer, (writes = new Map()));
      // a writer heard from its first write on: which writes each of its settles covers is known
      if (seq === 1 && !this.settledOf.has(writer)) this.settledOf.set(writer, 0);
      const known = writes.get(seq);
      // first heard within a renewal of connecting: it may be older than that, so it counts from the connection
      const since = known?.since ?? (now - this.connectedAt < 2 * RENEW_MS ? Math.min(now, this.connectedAt) : now);
      const footprint = known?.footprint ?? (notes?.startsWith('@') ? notes.slice(1) : undefined);
      const docs = known ? known.documents : documents?.startsWith('#') ? documents.slice(1) : undefined;
      writes.set(seq, { since: known?.since ?? since, renewed: now, footprint, documents: docs, heardAt: known?.heardAt ?? now });
      // the writer is alive: none of its open writes expires while it renews its oldest
      for (const open of writes.values()) open.renewed = now;
    } else if (kind === 'settled') {
      const settled = this.writesSettled(writer, seq, writes);
      const known = notes === UNKNOWN_REACH ? null : settled;
      if (writes) {
        for (const s of writes.keys()) if (s <= seq) writes.delete(s);
        if (writes.size === 0) this.opens.delete(writer);
      }
      this.moveOn(known && known.map((w) => w.footprint), writer, known ?? undefined);
    }
  }

  /** The writes a settle up to `seq` covers that were not settled before; null when the footprint of one is not known. */
  private writesSettled(writer: string, seq: number, writes: Map<number, Open> | undefined): SettledWrite[] | null {
    const from = this.settledOf.get(writer);
    this.settledOf.set(writer, Math.max(from ?? 0, seq));
    if (from === undefined) return null;
    const settled: SettledWrite[] = [];
    for (let s = from + 1; s <= seq; s++) {
      const open = writes?.get(s);
      if (open?.footprint === undefined) return null;
      settled.push({ footprint: open.footprint, heardAt: open.heardAt, ...(open.documents !== undefined ? { documents: open.documents } : {}) });
    }
    return settled;
  }

  /** The writes announced and not settled, as heard (a footprint undefined: heard without one). */
  unsettledWrites(): Partial<SettledWrite>[] {
    const out: Partial<SettledWrite>[] = [];
    for (const writes of this.opens.values()) for (const { footprint, documents, heardAt } of writes.values()) out.push({ footprint, documents, heardAt });
    return out;
  }

  /**
   * When the first probe sent at or after `at` was answered (Infinity: none yet). Every announcement
   * committed before `at` was heard by then (a connection's notifications come before the answer of its
   * next statement): a write first heard later was announced after `at`, so it was not searchable at `at`.
   */
  heardEverythingOf(at: number): number {
    for (const p of this.probes) if (p.started >= at) return p.answered;
    return Infinity;
  }

  private moveOn(footprints: readonly string[] | null, writer: string | null = null, writes?: readonly SettledWrite[]): void {
    const change: IndexChange = { from: this.generationNo, to: ++this.generationNo, footprints, writer, ...(writes ? { writes } : {}) };
    for (const listener of this.listeners) listener(change);
  }

  private async probe(): Promise<void> {
    const client = this.client;
    // one probe at a time: a slow answer leaves the fence where it was, so the instance stops being quiet
    if (!client || this.probing) return;
    this.probing = true;
    const started = Date.now();
    try {
      await client.query('SELECT 1');
      if (this.client === client) {
        this.fence = Math.max(this.fence, started);
        this.probes.push({ started, answered: Date.now() });
        if (this.probes.length > PROBES_KEPT) this.probes.shift();
      }
    } catch {
      /* the connection's error handler reconnects */
    } finally {
      this.probing = false;
    }
    // writers gone: their open writes are searchable by now; the move carries what none of them touches
    const expired: (string | undefined)[] = [];
    const expiry = this.options.openExpiryMs ?? OPEN_EXPIRY_MS;
    for (const [writer, writes] of this.opens) {
      for (const [seq, open] of writes) {
        if (started - open.renewed <= expiry) continue;
        writes.delete(seq);
        expired.push(open.footprint);
      }
      if (writes.size === 0) this.opens.delete(writer);
    }
    if (expired.length) this.moveOn(expired.every((f) => f !== undefined) ? (expired as string[]) : null);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'index-changes' });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      this.reconnectLater(err);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.channel === INDEX_CHANNEL && n.payload) this.heard(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${INDEX_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      this.reconnectLater(err as Error);
      return;
    }
    if (!this.listening) {
      await client.end().catch(() => undefined);
      return;
    }
    // whatever was announced while it was away is unknown: nothing kept before counts, and writers
    // already open are heard at their next renewal
    this.opens.clear();
    this.settledOf.clear();
    this.probes.length = 0;
    this.connectedAt = Date.now();
    this.fence = this.connectedAt;
    this.client = client;
    this.failures = 0;
    this.moveOn(null);
  }

  private reconnectLater(err?: Error): void {
    if (!this.listening) return;
    this.failures++;
    const delay = Math.min(30_000, 250 * 2 ** Math.min(this.failures, 7));
    if (this.failures === 1) this.logger.warn({ err: err ? String(err) : undefined, retryInMs: delay }, 'index changes: listening connection lost; kept search responses are checked with the engine until it is back');
    this.retry = setTimeout(() => void this.connect(), delay);
  }
}
