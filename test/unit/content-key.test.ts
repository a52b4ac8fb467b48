import { expect } from 'chai';
import { contentKey, ShortIds } from '../../src/core/content-key.ts';

describe('content keys', () => {
  it('gives an object its JSON, and equal objects equal keys', () => {
    const settings = { facets: true, featuredPerPage: 2 };
    expect(contentKey(settings)).to.equal(JSON.stringify(settings));
    expect(contentKey(settings)).to.equal(contentKey({ ...settings }));
    expect(contentKey(settings)).to.not.equal(contentKey({ ...settings, facets: false }));
  });

  it('names the same key alike and different keys differently, never reusing a name after starting afresh', () => {
    const ids = new ShortIds(2);
    const a = ids.idOf('portal 1 settings');
    expect(ids.idOf('portal 1 settings')).to.equal(a);
    const b = ids.idOf('portal 2 settings');
    expect(b).to.not.equal(a);
    const c = ids.idOf('portal 3 settings'); // the limit is reached: it starts afresh
    expect([a, b]).to.not.include(c);
    expect(ids.idOf('portal 1 settings')).to.not.equal(a);
  });
});
