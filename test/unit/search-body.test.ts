import { expect } from 'chai';
import { gunzipSync } from 'node:zlib';
import { BuiltSearchBody } from '../../src/listing-search/search-body.ts';
import { RawJsonArray } from '../../src/listing-search/raw-json.ts';

describe('search bodies with favourites filled in', () => {
  const item = (id: number, name: string) => ({ id, name, schemes: [{ text: 'Shared Ownership – 25%', color: '#000' }], favourite: null, price: 100_000 + id });
  const map = RawJsonArray.of(Array.from({ length: 300 }, (_, i) => JSON.stringify({ id: i, name: `Ünït ${i}`, latitude: 51 + i / 1e4 })));
  const envelope = {
    data: [item(3, 'Quay "One" – £'), item(1, 'Says "favourite":null in its name'), item(2, 'Plain')],
    pagination: { total: 3 },
    mapListings: map,
    facets: [{ name: 'f', options: [1, 2] }],
  };
  // the items go in as their JSON texts, as a search assembles them, with where each favourite's value
  // stands (here after the name, which may hold the same characters)
  const texts = envelope.data.map((i) => JSON.stringify(i));
  const favouriteAt = texts.map((t) => t.lastIndexOf('"favourite":null') + '"favourite":'.length);
  const build = () => BuiltSearchBody.of({ ...envelope, data: texts }, [3, 1, 2], [1, 2], favouriteAt);
  const parsed = (json: Buffer) => JSON.parse(json.toString('utf8')) as { data: { id: number; name: string; favourite: boolean | null }[] };
  const favouritesIn = (json: Buffer) => parsed(json).data.map((i) => [i.id, i.favourite]);

  it('sends an anonymous body as JSON.stringify writes it, gzipped or not', () => {
    const body = build().for(null);
    expect(body.json().toString('utf8')).to.equal(JSON.stringify(envelope));
    expect(gunzipSync(body.gzipped()).equals(body.json())).to.equal(true);
    expect(Array.from(body.listingIds)).to.deep.equal([1, 2]);
  });

  it("fills in a customer's favourites, the rest of the body unchanged", () => {
    const body = build().for(new Set([1, 99]));
    expect(favouritesIn(body.json())).to.deep.equal([[3, false], [1, true], [2, false]]);
    expect(parsed(body.json()).data[1]!.name).to.equal('Says "favourite":null in its name');
    const expected = { ...envelope, data: envelope.data.map((i) => ({ ...i, favourite: i.id === 1 })) };
    expect(body.json().toString('utf8')).to.equal(JSON.stringify(expected));
    expect(gunzipSync(body.gzipped()).equals(body.json())).to.equal(true);
  });

  it('keeps the anonymous body gzipped, and fills a kept body in as a built one', () => {
    const built = build();
    const kept = built.kept();
    expect(kept).to.equal(built.kept());
    expect(Array.from(kept.holeIds)).to.deep.equal([3, 1, 2]);
    expect(kept.for(null).gzipped()).to.equal(built.for(null).gzipped());
    expect(kept.for(null).json().equals(built.for(null).json())).to.equal(true);
    for (const favourites of [new Set<number>(), new Set([3]), new Set([1, 2, 3])]) {
      const fromKept = kept.for(favourites);
      expect(fromKept.json().equals(built.for(favourites).json())).to.equal(true);
      expect(gunzipSync(fromKept.gzipped()).equals(fromKept.json())).to.equal(true);
    }
    // the map listings dominate, and go compressed
    expect(kept.size).to.be.below(map.json.length / 3);
  });

  it('takes an empty page, and refuses an item whose favourite is not null where it is said to be', () => {
    const empty = BuiltSearchBody.of({ data: [], pagination: { total: 0 } }, [], [], []);
    expect(empty.for(new Set([1])).json().toString()).to.equal('{"data":[],"pagination":{"total":0}}');
    expect(gunzipSync(empty.kept().for(new Set([1])).gzipped()).toString()).to.equal('{"data":[],"pagination":{"total":0}}');
    expect(() => BuiltSearchBody.of({ data: ['{"id":1}'] }, [1], [1], [5])).to.throw(/favourite/);
    expect(() => BuiltSearchBody.of({ data: ['{"id":1,"favourite":null}'] }, [1], [1], [8])).to.throw(/favourite/);
    expect(BuiltSearchBody.of({ data: ['{"id":1,"favourite":null}'] }, [1], [1], [20]).for(new Set([1])).json().toString()).to.equal('{"data":[{"id":1,"favourite":true}]}');
    expect(() => BuiltSearchBody.of({ data: ['{"id":1,"favourite":null}'] }, [], [], [20])).to.throw(/listing id/);
  });
});
