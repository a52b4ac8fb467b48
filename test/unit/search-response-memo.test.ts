import { expect } from 'chai';
import { SearchResponseMemo } from '../../src/listing-search/search-response-memo.ts';
import { BuiltSearchBody, type KeptSearchBody } from '../../src/listing-search/search-body.ts';
import { AnswerBytes } from '../../src/search/answer-bytes.ts';

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
    expect(memo.counts).to.deep.equal({ reused: 2, built: 5, unasked: 0 });
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

  it('keeps nothing when given no bytes', () => {
    const memo = new SearchResponseMemo(0);
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
    expect(memo.counts).to.deep.equal({ reused: 3, built: 1, unasked: 2 });
  });
});
