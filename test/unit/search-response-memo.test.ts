import { expect } from 'chai';
import { SearchResponseMemo } from '../../src/listing-search/search-response-memo.ts';

describe('search response memo', () => {
  const answer = Buffer.from('{"responses":[{"hits":{"total":1}}]}');
  const body = Buffer.from('{"data":[]}');

  it('gives a kept body back only for the very answer it was built from', () => {
    const memo = new SearchResponseMemo(1_000_000);
    expect(memo.find('k', answer)).to.equal(null);
    memo.keep('k', answer, body);
    expect(memo.find('k', Buffer.from(answer))!.equals(body)).to.equal(true);
    expect(memo.find('k', Buffer.from('{"responses":[{"hits":{"total":2}}]}'))).to.equal(null);
    expect(memo.find('other', answer)).to.equal(null);
    expect(memo.counts).to.deep.equal({ reused: 1, built: 3 });
  });

  it('keeps copies, so that later changes to the buffers it was given do not reach it', () => {
    const memo = new SearchResponseMemo(1_000_000);
    const given = Buffer.from(body);
    memo.keep('k', answer, given);
    given.fill(0);
    expect(memo.find('k', answer)!.equals(body)).to.equal(true);
  });

  it('keeps no more bytes than it is given, dropping the least recently used first', () => {
    const size = answer.length + body.length + 1;
    const memo = new SearchResponseMemo(2 * size);
    memo.keep('a', answer, body);
    memo.keep('b', answer, body);
    memo.find('a', answer);
    memo.keep('c', answer, body);
    expect(memo.find('b', answer)).to.equal(null);
    expect(memo.find('a', answer)).to.not.equal(null);
    expect(memo.find('c', answer)).to.not.equal(null);
  });

  it('keeps nothing when given no bytes', () => {
    const memo = new SearchResponseMemo(0);
    memo.keep('k', answer, body);
    expect(memo.find('k', answer)).to.equal(null);
  });
});
