import { expect } from 'chai';
import { answerAfter } from '../../src/listing-search/answer-delta.ts';
import { KeptAnswers, type WritesHeard } from '../../src/listing-search/kept-answers.ts';
import { encodeChanges, type DocumentChange } from '../../src/listing-index/delta-documents.ts';
import { footprintOf } from '../../src/listing-index/index-footprint.ts';
import { AnswerBytes } from '../../src/search/answer-bytes.ts';
import { parseSearchParams } from '../../src/search-criteria/search-params.ts';
import type { CompletionContext } from '../../src/listing-search/search-service.ts';
import type { SearchParams } from '../../src/search-criteria/search-params.ts';

const rect = { north: 53.9, south: 53.7, east: -1.4, west: -1.7 };

function contextOf(query: Record<string, string>): Readonly<CompletionContext> {
  const p = parseSearchParams({ size: '2', ...query }) as SearchParams;
  return {
    p,
    portal: { id: 1, settings: { extraFilters: [] } },
    area: { center: { lat: 53.8, lng: -1.55 }, rectBounds: rect, clearLocation: true, place: null, within: null },
    partner: null,
    person: { home: null, work: null, household: null },
    lending: {},
    eligibility: { values: null, today: '2026-11-24' },
    plan: { map: {}, featuredPerPage: 0, full: true, counts: true, featuredPool: false, featuredItems: false },
    schemes: [],
    today: '2026-11-24',
    places: 0,
  } as unknown as CompletionContext;
}

/** A live listing document in the rectangle, of these properties (each with its facet tokens). */
const doc = (props: { bedrooms: number; tokens: string[] }[], o: Record<string, unknown> = {}) => ({
  live: true,
  allPortals: true,
  portalIds: [],
  forSale: true,
  location: { lat: 53.8, lon: -1.55 },
  mapDigest: 7,
  properties: props.map((p) => ({ bedrooms: p.bedrooms, facetTokens: p.tokens })),
  ...o,
});

/** An answer of a page of `ids` out of `total`, and the counts' shared pass (no facet selected). */
const answer = (ids: number[], total: number, buckets: [string, number][]) =>
  JSON.stringify({
    responses: [
      { hits: { total: { value: total, relation: 'eq' }, hits: ids.map((id) => ({ _id: String(id) })) } },
      { aggregations: { _mapCount: { value: total }, _mapSum: { value: 1e17 }, _properties: { matching: { doc_count: 0, tokens: { buckets: buckets.map(([key, doc_count]) => ({ key, doc_count })) } } } } },
    ],
  });

const change = (id: number, before: object | null, after: object | null, beforeVersion: number | null = before ? 1 : null, afterVersion: number | null = 2): DocumentChange =>
  ({ id, before, beforeVersion, after, afterVersion }) as DocumentChange;

describe('a kept answer brought up to date by a write (answer-delta.ts)', () => {
  it('adds a listing that enters: the total, each matching property once per token, buckets in the engine order, the page to ask again', () => {
    const context = contextOf({ min_bedrooms: '2' });
    const before = answer([1, 2], 3, [['bedrooms:2', 3], ['status:available', 2], ['bedrooms:3', 1]]);
    // two homes: only the one of 3 bedrooms matches min_bedrooms=2, and its repeated token counts once
    const entering = doc([{ bedrooms: 3, tokens: ['bedrooms:3', 'status:available', 'status:available'] }, { bedrooms: 1, tokens: ['bedrooms:1'] }]);
    const after = answerAfter(context, before, [change(9, null, entering)])!;
    const parsed = JSON.parse(after.text);
    expect(parsed.responses[0].hits.total.value).to.equal(4);
    // 3, 3, 2: equal counts by key, bedrooms:2 before status:available
    expect(parsed.responses[1].aggregations._properties.matching.tokens.buckets).to.deep.equal([
      { key: 'bedrooms:2', doc_count: 3 },
      { key: 'status:available', doc_count: 3 },
      { key: 'bedrooms:3', doc_count: 2 },
    ]);
    // the map's sum cannot be followed: left unknown, so the map is asked for
    expect(parsed.responses[1].aggregations._mapCount.value).to.equal(null);
    expect(after.stale).to.deep.equal({ page: true, featured: false });
  });

  it('takes away a listing that leaves from beyond the first page, dropping a token no longer counted, without asking the page again', () => {
    const context = contextOf({});
    const leaving = doc([{ bedrooms: 2, tokens: ['bedrooms:2', 'tenures:leasehold'] }]);
    const after = answerAfter(context, answer([1, 2], 3, [['bedrooms:2', 3], ['tenures:leasehold', 1]]), [change(9, leaving, doc([], { live: false }))])!;
    const parsed = JSON.parse(after.text);
    expect(parsed.responses[0].hits.total.value).to.equal(2);
    expect(parsed.responses[1].aggregations._properties.matching.tokens.buckets).to.deep.equal([{ key: 'bedrooms:2', doc_count: 2 }]);
    expect(after.stale).to.deep.equal({ page: false, featured: false });
  });

  it('asks the page again for a listing on it, and the featured pool for a featured one', () => {
    const context = contextOf({});
    const on = doc([{ bedrooms: 2, tokens: ['bedrooms:2'] }]);
    const after = answerAfter(context, answer([1, 9], 2, [['bedrooms:2', 2]]), [change(9, on, { ...on, displayAs: 'featured' })])!;
    expect(JSON.parse(after.text).responses[1].aggregations._properties.matching.tokens.buckets).to.deep.equal([{ key: 'bedrooms:2', doc_count: 2 }]);
    expect(after.stale).to.deep.equal({ page: true, featured: true });
  });

  it('gives no delta for what the predicate does not mirror or cannot decide', () => {
    const on = doc([{ bedrooms: 2, tokens: ['bedrooms:2'] }]);
    const text = answer([1], 1, [['bedrooms:2', 1]]);
    expect(answerAfter(contextOf({ keywords: 'garden' }), text, [change(9, null, on)])).to.equal(null);
    // a point on the rectangle's edge: the engine's rounding decides
    expect(answerAfter(contextOf({}), text, [change(9, null, { ...on, location: { lat: 53.9, lon: -1.55 } })])).to.equal(null);
    // a count that would fall below zero: the answer was not what the write started from
    expect(answerAfter(contextOf({}), answer([], 0, []), [change(9, on, null)])).to.equal(null);
  });
});

describe('which kept answers a write may update (kept-answers.ts)', () => {
  const context = contextOf({});
  const requests = '{}\n{"query":{}}\n{}\n{"size":0}\n';
  const on = doc([{ bedrooms: 2, tokens: ['bedrooms:2'] }]);
  const footprint = footprintOf([on as never])!;
  const heard = (cut: number, open: { footprint?: string; documents?: string }[] = []): WritesHeard => ({ heardEverythingOf: () => cut, unsettledWrites: () => open.map((o) => ({ ...o, heardAt: 0 })) });
  const kept = () => {
    const answers = new KeptAnswers(1_000_000);
    answers.keep(requests, AnswerBytes.of(Buffer.from(answer([1], 1, [['bedrooms:2', 1]]))), 0, { forSale: true, where: { rect } }, context);
    return answers;
  };
  const settle = (answers: KeptAnswers, changes: DocumentChange[], heardAt: number, h: WritesHeard) =>
    answers.carryForward({ from: 0, to: 1, footprints: [footprint], writer: 'w', writes: [{ footprint, documents: encodeChanges(changes, 7_000)!, heardAt }] }, h);
  const total = async (answers: KeptAnswers, generation = 1) => {
    const a = await answers.unchanged(requests, generation, async () => AnswerBytes.of(Buffer.from(JSON.stringify({ responses: [{ hits: { total: { value: -1 }, hits: [] } }] }))));
    return a && (JSON.parse(a.text()).responses[0].hits.total.value as number);
  };

  it('updates an answer by a write heard after the answer arrived, and asks its page alone', async () => {
    const answers = kept();
    settle(answers, [change(9, null, on)], Date.now() + 10_000, heard(Date.now() + 5_000));
    expect(await total(answers)).to.equal(2);
    expect(answers.counts).to.include({ deltas: 1, discarded: 0 });
    expect(answers.counts.partsAsked).to.equal(1);
    // its map's fingerprint, left unknown, is learnt from the map the engine gave next
    const taken = (await answers.unchanged(requests, 1))!;
    expect(JSON.parse(taken.text()).responses[1].aggregations._mapCount.value).to.equal(null);
    answers.learnMap(requests, 1, taken, '2:123456789012345680');
    const counts = JSON.parse((await answers.unchanged(requests, 1))!.text()).responses[1].aggregations;
    expect(`${counts._mapCount.value}:${counts._mapSum.value}`).to.equal('2:123456789012345680');
  });

  it('discards it for a write heard before every earlier announcement was (the answer may hold it already)', async () => {
    const answers = kept();
    settle(answers, [change(9, null, on)], 100, heard(200));
    expect(answers.counts).to.include({ deltas: 0, discarded: 1 });
    expect(await total(answers)).to.equal(null);
  });

  it('takes a refused write (of a version the index held) as nothing, and the same change again as nothing', async () => {
    const answers = kept();
    const late = Date.now() + 10_000;
    settle(answers, [change(9, null, on, null, 2)], late, heard(0));
    // another writer's copy of the same change, refused by the engine, is heard before the answer arrived
    answers.carryForward({ from: 1, to: 2, footprints: [footprint], writer: 'v', writes: [{ footprint, documents: encodeChanges([change(9, null, on, null, 2), change(9, on, on, 2, 2)], 7_000)!, heardAt: 0 }] }, heard(0));
    expect(await total(answers, 2)).to.equal(2);
    expect(answers.counts).to.include({ deltas: 1, discarded: 0 });
  });

  it('discards it while a write of unknown documents is open in its scope', () => {
    const answers = kept();
    settle(answers, [change(9, null, on)], Date.now() + 10_000, heard(0, [{ footprint }]));
    expect(answers.counts).to.include({ deltas: 0, discarded: 1 });
  });

  it('drops it when the delta, applied as it is next taken, cannot be proven', async () => {
    const answers = kept();
    settle(answers, [change(9, null, { ...on, location: { lat: 53.9, lon: -1.55 } })], Date.now() + 10_000, heard(0));
    expect(await total(answers)).to.equal(null);
    expect(answers.counts).to.include({ deltas: 0, discarded: 1 });
  });
});
