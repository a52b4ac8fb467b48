import { expect } from 'chai';
import { gunzipSync } from 'node:zlib';
import { RawJsonArray, serialiseBody } from '../../src/listing-search/raw-json.ts';

describe('raw JSON splicing', () => {
  const members = [{ id: 1, name: 'Quay "One"' }, { id: 2, name: 'Ünïcode \u2028 line' }].map((m) => JSON.stringify(m));

  it('writes the members of a raw array as they are, and everything else as JSON.stringify does', () => {
    const body = { data: [{ a: 1 }], skipped: undefined, mapListings: RawJsonArray.of(members), n: null, text: 'x' };
    const text = serialiseBody(body).json().toString('utf8');
    expect(JSON.parse(text)).to.deep.equal({ data: [{ a: 1 }], mapListings: [{ id: 1, name: 'Quay "One"' }, { id: 2, name: 'Ünïcode \u2028 line' }], n: null, text: 'x' });
    expect(text).to.equal(JSON.stringify(body));
  });

  it('writes an empty raw array as []', () => {
    expect(serialiseBody({ mapListings: RawJsonArray.of([]) }).json().toString()).to.equal('{"mapListings":[]}');
    expect(serialiseBody({}).json().toString()).to.equal('{}');
    expect(serialiseBody({ a: RawJsonArray.of(['1']), b: 2, c: RawJsonArray.of(['3', '4']) }).json().toString()).to.equal('{"a":[1],"b":2,"c":[3,4]}');
  });

  it('gzips a body with the raw arrays compressed once and spliced in, gunzipping to the very JSON', () => {
    const big = RawJsonArray.of(Array.from({ length: 2000 }, (_, i) => JSON.stringify({ id: i, name: `Place ${i} – Ünïcode`, lat: 51 + i / 1e4 })));
    const bodies = [
      { data: [{ a: 1 }], mapListings: big, facets: [{ name: 'f', options: [1, 2] }] },
      { mapListings: big },
      { a: big, b: RawJsonArray.of([]), c: 'x', d: big },
    ];
    for (const body of bodies) {
      const serialised = serialiseBody(body);
      const gzipped = serialised.gzipped();
      expect(gunzipSync(gzipped).equals(serialised.json())).to.equal(true);
      expect(gzipped.length).to.be.below(serialised.json().length / 4);
    }
    // the array's compressed copy is made once and kept with it
    expect(big.deflated()).to.equal(big.deflated());
  });

  it('gzips a body without a raw array too, and continues an object opened elsewhere', () => {
    const plain = serialiseBody({ data: [{ a: 1 }], n: null });
    expect(gunzipSync(plain.gzipped()).toString()).to.equal('{"data":[{"a":1}],"n":null}');
    const rest = serialiseBody({ n: null, m: RawJsonArray.of(['1']) }, { continues: true });
    expect(`{"data":[]${rest.json().toString()}`).to.equal('{"data":[],"n":null,"m":[1]}');
    expect(serialiseBody({}, { continues: true }).json().toString()).to.equal('}');
  });
});
