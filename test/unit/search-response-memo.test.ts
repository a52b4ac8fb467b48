import { expect } from 'chai';
import { SearchResponseMemo } from '../../src/listing-search/search-response-memo.ts';
import { AnswerBytes } from '../../src/search/answer-bytes.ts';

describe('search response memo', () => {
  const text = '{"responses":[{"hits":{"total":1}}]}';
  const answer = () => AnswerBytes.of(Buffer.from(text));
  const body = Buffer.from('{"data":[]}');

  it('gives a kept body back only for the very answer it was built from, however it was cut into chunks', () => {
    const memo = new SearchResponseMemo(1_000_000);
    expect(memo.find('k', answer())).to.equal(null);
    memo.keep('k', AnswerBytes.of(Buffer.from(text.slice(0, 5)), Buffer.from(text.slice(5))), body);
    expect(memo.find('k', answer())!.equals(body)).to.equal(true);
    expect(memo.find('k', AnswerBytes.of(Buffer.from(text.slice(0, 20)), Buffer.from(text.slice(20))))!.equals(body)).to.equal(true);
    expect(memo.find('k', AnswerBytes.of(Buffer.from(text.replace('1', '2'))))).to.equal(null);
    expect(memo.find('k', AnswerBytes.of(Buffer.from(text.slice(0, -1))))).to.equal(null);
    expect(memo.find('k', AnswerBytes.of(Buffer.from(text), Buffer.from(' ')))).to.equal(null);
    expect(memo.find('other', answer())).to.equal(null);
    expect(memo.counts).to.deep.equal({ reused: 2, built: 5 });
  });

  it('keeps copies, so that later changes to the buffers it was given do not reach it', () => {
    const memo = new SearchResponseMemo(1_000_000);
    const given = Buffer.from(body);
    const chunk = Buffer.from(text);
    memo.keep('k', AnswerBytes.of(chunk), given);
    given.fill(0);
    chunk.fill(0);
    expect(memo.find('k', answer())!.equals(body)).to.equal(true);
  });

  it('keeps no more bytes than it is given, dropping the least recently used first', () => {
    const size = text.length + body.length + 1;
    const memo = new SearchResponseMemo(2 * size);
    memo.keep('a', answer(), body);
    memo.keep('b', answer(), body);
    memo.find('a', answer());
    memo.keep('c', answer(), body);
    expect(memo.find('b', answer())).to.equal(null);
    expect(memo.find('a', answer())).to.not.equal(null);
    expect(memo.find('c', answer())).to.not.equal(null);
  });

  it('keeps nothing when given no bytes', () => {
    const memo = new SearchResponseMemo(0);
    memo.keep('k', answer(), body);
    expect(memo.find('k', answer())).to.equal(null);
  });
});

describe('engine answer bytes', () => {
  it('joins its chunks for text and copies, and compares them with a whole buffer', () => {
    const a = AnswerBytes.of(Buffer.from('{"a":'), Buffer.from('"é"}'));
    expect(a.length).to.equal(Buffer.byteLength('{"a":"é"}'));
    expect(a.text()).to.equal('{"a":"é"}');
    expect(a.copy().toString()).to.equal('{"a":"é"}');
    expect(a.equals(Buffer.from('{"a":"é"}'))).to.equal(true);
    expect(a.equals(Buffer.from('{"a":"e"}'))).to.equal(false);
    expect(AnswerBytes.of().equals(Buffer.alloc(0))).to.equal(true);
  });
});
