import { expect } from 'chai';
import { SearchResponseMemo } from '../../src/listing-search/search-response-memo.ts';
import { BuiltSearchBody, type KeptSearchBody } from '../../src/listing-search/search-body.ts';
import { AnswerBytes } from '../../src/search/answer-bytes.ts';
import { footprintOf, type SearchScope } from '../../src/listing-index/index-footprint.ts';
import { KeptAnswers } from '../../src/listing-search/kept-answers.ts';

describe('search response memo', () => {
  const text = '{"responses":[{"hits":{"total":1}}]}';
  const answer = () => AnswerBytes.of(Buffer.from(text));
  const kept = (name = 'Flat'): KeptSearchBody => {
    const item = JSON.stringify({ id: 1, name, favourite: null });
    return BuiltSearchBody.of({ data: [item], total: 1 }, [1], [1], [item.length - 'null}'.length]).kept();
  };
  const jsonOf = (body: KeptSearchBody | null) => JSON.parse(body!.for(null).json().toString()) as { data: { name: string }[] };

  it('gives a kept body back only for the very answer it was built from, however it was cut into chunks', () => {
    const memo = new SearchResponseMemo(1_000_000);
    expect(memo.find('k', answer())).to.equal(null);
    memo.keep('k', AnswerBytes.of(Buffer.from(text.slice(0, 5)), Buffer.from(text.slice(5))), kept());
    expect(jsonOf(memo.find('k', answer())).data[0]!.name).to.equal('Flat');
    expect(memo.find('k', AnswerBytes.of(Buffer.from(text.slice(0, 20)), Buffer.from(text.slice(20))))).to.not.equal(null);
    expect(memo.find('k', AnswerBytes.of(Buffer.from(text.replace('1', '2'))))).to.equal(null);
    expect(memo.find('k', AnswerBytes.of(Buffer.from(text.slice(0, -1))))).to.equal(null);
    expect(memo.find('k', AnswerBytes.of(Buffer.from(text), Buffer.from(' ')))).to.equal(null);
    expect(memo.find('other', answer())).to.equal(null);
    expect(memo.counts).to.deep.equal({ reused: 2, built: 5, unasked: 0, carried: 0 });
  });

  it('keeps the newest body under a key', () => {
    const memo = new SearchResponseMemo(1_000_000);
    memo.keep('k', answer(), kept('Old'));
    memo.keep('k', answer(), kept('New'));
    expect(jsonOf(memo.find('k', answer())).data[0]!.name).to.equal('New');
  });

  it('keeps no more bytes than it is given, dropping the least recently used first', () => {
    const one = new SearchResponseMemo(1_000_000);
    one.keep('a', answer(), kept());
    const size = one.held().bytes;
    expect(size).to.be.above(kept().size);
    const memo = new SearchResponseMemo(2 * size);
    memo.keep('a', answer(), kept());
    memo.keep('b', answer(), kept());
    memo.find('a', answer());
    memo.keep('c', answer(), kept());
    expect(memo.find('b', answer())).to.equal(null);
    expect(memo.find('a', answer())).to.not.equal(null);
    expect(memo.find('c', answer())).to.not.equal(null);
    expect(memo.held()).to.deep.equal({ entries: 2, bytes: 2 * size });
  });

  it('keeps nothing when given no bytes, and says so (no body is made ready for it)', () => {
    const memo = new SearchResponseMemo(0);
    expect(memo.keeps).to.equal(false);
    expect(new SearchResponseMemo(1).keeps).to.equal(true);
    memo.keep('k', answer(), kept());
    expect(memo.find('k', answer())).to.equal(null);
    expect(memo.held()).to.deep.equal({ entries: 0, bytes: 0 });
  });
});

describe('engine answer bytes', () => {
  it('joins its chunks for text, and hashes them the same however they were cut', () => {
    const a = AnswerBytes.of(Buffer.from('{"a":'), Buffer.from('"é"}'));
    expect(a.length).to.equal(Buffer.byteLength('{"a":"é"}'));
    expect(a.text()).to.equal('{"a":"é"}');
    expect(a.digest().equals(AnswerBytes.of(Buffer.from('{"a":"é"}')).digest())).to.equal(true);
    expect(a.digest().equals(AnswerBytes.of(Buffer.from('{"a":"e"}')).digest())).to.equal(false);
    expect(a.digest()).to.equal(a.digest());
  });
});

describe('search response memo: unasked', () => {
  const answer = (text = '{"responses":[]}') => AnswerBytes.of(Buffer.from(text));
  const kept = (): KeptSearchBody => {
    const item = JSON.stringify({ id: 1, favourite: null });
    return BuiltSearchBody.of({ data: [item], total: 1 }, [1], [1], [item.length - 'null}'.length]).kept();
  };

  it('sends a kept body without an answer only at the generation the engine was asked at', () => {
    const memo = new SearchResponseMemo(1_000_000);
    memo.keep('k', answer(), kept(), 3);
    expect(memo.unchanged('k', 3)).to.not.equal(null);
    expect(memo.unchanged('k', 4)).to.equal(null);
    expect(memo.unchanged('other', 3)).to.equal(null);
    // the engine asked at generation 4 gives the same answer: the body counts as of 4
    expect(memo.find('k', answer(), 4)).to.not.equal(null);
    expect(memo.unchanged('k', 4)).to.not.equal(null);
    // a different answer at 5 leaves it at 4
    expect(memo.find('k', answer('{"responses":[1]}'), 5)).to.equal(null);
    expect(memo.unchanged('k', 5)).to.equal(null);
    expect(memo.counts).to.deep.equal({ reused: 3, built: 1, unasked: 2, carried: 0 });
  });
});

describe('search response memo: carried past changes that cannot touch it', () => {
  const answer = AnswerBytes.of(Buffer.from('{"responses":[]}'));
  const kept = (): KeptSearchBody => BuiltSearchBody.of({ data: [], total: 0 }, [], [], []).kept();
  const TRURO: SearchScope = { forSale: false, where: { rect: { north: 50.3, south: 50.2, east: -5.0, west: -5.1 } } };
  const BELFAST: SearchScope = { forSale: false, where: { rect: { north: 54.7, south: 54.5, east: -5.8, west: -6.0 } } };
  const flat = (lat: number, lon: number) => footprintOf([{ live: true, forSale: false, location: { lat, lon } }])!;
  const inTruro = flat(50.26, -5.05);
  const memoAt2 = () => {
    const memo = new SearchResponseMemo(1_000_000);
    memo.keep('truro', answer, kept(), 2, TRURO);
    memo.keep('belfast', answer, kept(), 2, BELFAST);
    memo.keep('relevance', answer, kept(), 2, null);
    memo.keep('older', answer, kept(), 1, TRURO);
    return memo;
  };
  const unaskedAt = (memo: SearchResponseMemo, generation: number) =>
    ['truro', 'belfast', 'relevance', 'older'].filter((key) => memo.unchanged(key, generation) !== null);

  it('carries the responses made at the generation before whose scope no footprint touches', () => {
    const memo = memoAt2();
    memo.carryForward({ from: 2, to: 3, footprints: [inTruro], writer: 'w' });
    expect(unaskedAt(memo, 3)).to.deep.equal(['belfast']);
    expect(memo.counts.carried).to.equal(1);
    // and on, change after change
    memo.carryForward({ from: 3, to: 4, footprints: ['', flat(51.5, -0.1)], writer: 'w' });
    expect(unaskedAt(memo, 4)).to.deep.equal(['belfast']);
  });

  it('carries nothing when a footprint is not known or cannot be read, and never a response without a scope', () => {
    for (const footprints of [null, [inTruro, 'x'], ['', '']]) {
      const memo = memoAt2();
      memo.carryForward({ from: 2, to: 3, footprints, writer: 'w' });
      expect(unaskedAt(memo, 3)).to.deep.equal(footprints?.every((f) => f === '') ? ['truro', 'belfast'] : []);
    }
  });

  it('carries nothing made at another generation', () => {
    const memo = memoAt2();
    memo.carryForward({ from: 5, to: 6, footprints: [], writer: 'w' });
    expect(unaskedAt(memo, 6)).to.deep.equal([]);
  });
});

describe('kept engine answers', () => {
  const answer = (text = '{"responses":[]}') => AnswerBytes.of(Buffer.from(text));
  const TRURO: SearchScope = { forSale: false, where: { rect: { north: 50.3, south: 50.2, east: -5.0, west: -5.1 } } };

  it('gives the answer kept for the same requests only at the generation it counts as of, and carries it past changes elsewhere', async () => {
    const answers = new KeptAnswers(1_000_000);
    const kept = answer();
    answers.keep('requests', kept, 3, TRURO);
    expect(await answers.unchanged('requests', 3)).to.equal(kept);
    expect(await answers.unchanged('other requests', 3)).to.equal(null);
    expect(await answers.unchanged('requests', 4)).to.equal(null);
    answers.carryForward({ from: 3, to: 4, footprints: [footprintOf([{ live: true, forSale: false, location: { lat: 54.6, lon: -5.9 } }])!], writer: 'w' });
    expect(await answers.unchanged('requests', 4)).to.equal(kept);
    answers.carryForward({ from: 4, to: 5, footprints: [footprintOf([{ live: true, forSale: false, location: { lat: 50.26, lon: -5.05 } }])!], writer: 'w' });
    expect(await answers.unchanged('requests', 5)).to.equal(null);
    expect(answers.counts.unasked).to.equal(2);
  });

  it('keeps nothing when given no bytes', async () => {
    const answers = new KeptAnswers(0);
    answers.keep('requests', answer(), 1, TRURO);
    expect(await answers.unchanged('requests', 1)).to.equal(null);
  });
});
