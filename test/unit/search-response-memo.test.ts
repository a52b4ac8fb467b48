import { gunzipSync } from 'node:zlib';
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
    expect(memo.find('k', answer())!.json().equals(body)).to.equal(true);
    expect(memo.find('k', AnswerBytes.of(Buffer.from(text.slice(0, 20)), Buffer.from(text.slice(20))))!.json().equals(body)).to.equal(true);
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
    expect(memo.find('k', answer())!.json().equals(body)).to.equal(true);
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

  it('gzips a kept body once, off the event loop, then keeps only the gzipped copy and gunzips it for the others', async () => {
    const json = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, id) => ({ id, name: 'Flat' })) }));
    const memo = new SearchResponseMemo(text.length + json.length + 1 + 1_000);
    const compressed = memo.keep('a', answer(), json);
    expect(memo.find('a', answer())!.gzipped()).to.equal(null);
    expect(memo.find('a', answer())!.json().equals(json)).to.equal(true);
    await compressed;
    const kept = memo.find('a', answer())!;
    expect(kept.gzipped()!.length).to.be.below(json.length / 4);
    expect(gunzipSync(kept.gzipped()!).equals(json)).to.equal(true);
    expect(kept.json().equals(json)).to.equal(true);
    // room for one body as JSON holds two once they are gzipped
    await memo.keep('b', answer(), json);
    expect(memo.find('a', answer())).to.not.equal(null);
    expect(memo.find('b', answer())!.json().equals(json)).to.equal(true);
  });

  it('does not put a gzipped copy in the place of a newer body kept under the same key meanwhile', async () => {
    const memo = new SearchResponseMemo(1_000_000);
    const [older, newer] = [1, 2].map((n) => Buffer.from(JSON.stringify({ data: Array.from({ length: 100 }, () => n) })));
    const first = memo.keep('k', answer(), older!);
    const second = memo.keep('k', answer(), newer!);
    await Promise.all([first, second, memo.compressed()]);
    const kept = memo.find('k', answer())!;
    expect(kept.json().equals(newer!)).to.equal(true);
    expect(gunzipSync(kept.gzipped()!).equals(newer!)).to.equal(true);
  });

  it('keeps a body too small to gain from gzip as it is', async () => {
    const memo = new SearchResponseMemo(1_000_000);
    await memo.keep('k', answer(), body);
    const kept = memo.find('k', answer())!;
    expect(kept.gzipped()).to.equal(null);
    expect(kept.json().equals(body)).to.equal(true);
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
