// A search response body that serves every customer: its items are serialised with `"favourite":null`
// and the place of each such value, as the item's assembly gives it, is kept (a hole), so that a signed-in customer's body is the same
// bytes with `true` or `false` written into the holes. The items come first (`data`), in a part of
// their own (the head); the rest of the envelope, map listings and all, is the same for everybody and
// is compressed once. A kept body (KeptSearchBody) holds the anonymous body gzipped; a customer's copy
// inflates the head alone, fills it, compresses it again and splices in the rest as it is.
import { constants, gunzipSync, inflateRawSync } from 'node:zlib';
import { checkedOf, deflatedPart, GZIP_HEADER, gzipMember, joined, type Checked } from './gzip-member.ts';
import { ownMemory, serialiseBody, type SerialisedBody } from './raw-json.ts';

/** What a route sends: the JSON, the same gzipped, and the ids of the page's results (impressions). */
export interface SearchResponseBody {
  json(): Buffer;
  gzipped(): Buffer;
  /** the ids of the results in the page's `data`, featured listings left out */
  listingIds: ArrayLike<number>;
}

/** Where each item's `favourite` value stands in the head (byte offsets), with the item's listing id. */
interface Holes {
  offsets: Uint32Array;
  ids: Int32Array;
}

/** Which listings the customer keeps as favourites; null for nobody signed in. */
export type Favourites = ReadonlySet<number> | null;

const HOLE_VALUE = 'null';
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');

/** The head with each hole filled for the customer. */
function filled(head: Buffer, holes: Holes, favourites: ReadonlySet<number>): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  holes.offsets.forEach((at, i) => {
    parts.push(head.subarray(from, at), favourites.has(holes.ids[i]!) ? TRUE : FALSE);
    from = at + 4;
  });
  parts.push(head.subarray(from));
  return Buffer.concat(parts);
}

/** gzip of a head (deflated apart) followed by the rest's deflate parts as they are. */
function assembled(head: Buffer, restDeflated: Buffer, rest: Checked): Buffer {
  return gzipMember([deflatedPart(head, false), restDeflated], joined([checkedOf(head), rest]));
}

/** A body that takes a customer's favourites. */
export interface FillableBody {
  /** the listing ids of the items, in order: the ones a customer's favourites are read for */
  readonly holeIds: ArrayLike<number>;
  for(favourites: Favourites): SearchResponseBody;
}

/** A body kept for later requests: the anonymous body gzipped, with its holes. */
export class KeptSearchBody implements FillableBody {
  constructor(
    /** the anonymous body gzipped: header, the head's deflate part, the rest's, trailer */
    private readonly gzip: Buffer,
    /** where the rest's deflate parts start in `gzip` */
    private readonly restAt: number,
    private readonly rest: Checked,
    private readonly holes: Holes,
    readonly listingIds: Int32Array,
  ) {}

  get holeIds(): Int32Array {
    return this.holes.ids;
  }

  /** bytes held */
  get size(): number {
    return this.gzip.length + this.holes.offsets.byteLength + this.holes.ids.byteLength + this.listingIds.byteLength;
  }

  for(favourites: Favourites): SearchResponseBody {
    const { gzip, listingIds } = this;
    if (favourites === null) return { json: () => gunzipSync(gzip), gzipped: () => gzip, listingIds };
    const head = inflateRawSync(gzip.subarray(GZIP_HEADER.length, this.restAt), { finishFlush: constants.Z_SYNC_FLUSH });
    const own = assembled(filled(head, this.holes, favourites), gzip.subarray(this.restAt, gzip.length - 8), this.rest);
    return { json: () => gunzipSync(own), gzipped: () => own, listingIds };
  }
}

/** A body built from a search's outcome. */
export class BuiltSearchBody implements FillableBody {
  private keptCopy: KeptSearchBody | null = null;
  private restCopy: { bytes: Buffer; checked: Checked } | null = null;

  private constructor(
    private readonly head: Buffer,
    private readonly holes: Holes,
    private readonly rest: SerialisedBody,
    readonly listingIds: Int32Array,
  ) {}

  /**
   * The body of a presented search envelope whose `data` are the items' JSON texts (`data` first, each
   * item's `favourite` null); `holeIds` are the items' listing ids, `favouriteAt` where each item's
   * `favourite` value stands in its text (as the item's assembly gives it: listing-index/document/presented-item.ts),
   * `listingIds` the results' (see SearchResponseBody).
   */
  static of(envelope: { data: string[] } & Record<string, unknown>, holeIds: readonly number[], listingIds: readonly number[], favouriteAt: readonly number[]): BuiltSearchBody {
    const { data, ...rest } = envelope;
    if (holeIds.length !== data.length || favouriteAt.length !== data.length) throw new Error('one listing id and one favourite offset for each search item');
    const offsets = new Uint32Array(data.length);
    let text = '{"data":[';
    data.forEach((json, i) => {
      const at = favouriteAt[i]!;
      if (!json.startsWith(HOLE_VALUE, at)) throw new Error('a search item whose favourite is not null where its assembly put it');
      if (i > 0) text += ',';
      offsets[i] = text.length + at;
      text += json;
    });
    text += ']';
    const head = Buffer.from(text);
    // the offsets count characters; in UTF-8 a character beyond ASCII takes more than a byte
    if (head.length !== text.length) offsets.forEach((at, i) => (offsets[i] = Buffer.byteLength(text.slice(0, at))));
    return new BuiltSearchBody(head, { offsets, ids: Int32Array.from(holeIds) }, serialiseBody(rest, { continues: true }), Int32Array.from(listingIds));
  }

  get holeIds(): Int32Array {
    return this.holes.ids;
  }

  /** the anonymous body, compressed, to keep */
  kept(): KeptSearchBody {
    if (!this.keptCopy) {
      const { bytes, checked } = this.restDeflated();
      const gzip = ownMemory(assembled(this.head, bytes, checked));
      this.keptCopy = new KeptSearchBody(gzip, gzip.length - 8 - bytes.length, checked, this.holes, this.listingIds);
    }
    return this.keptCopy;
  }

  for(favourites: Favourites): SearchResponseBody {
    const head = favourites === null ? this.head : filled(this.head, this.holes, favourites);
    return {
      json: () => Buffer.concat([head, this.rest.json()]),
      gzipped: () => {
        if (favourites === null) return this.kept().for(null).gzipped();
        const { bytes, checked } = this.restDeflated();
        return assembled(head, bytes, checked);
      },
      listingIds: this.listingIds,
    };
  }

  private restDeflated(): { bytes: Buffer; checked: Checked } {
    return (this.restCopy ??= this.rest.deflated());
  }
}
