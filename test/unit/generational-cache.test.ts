import { expect } from 'chai';
import { GenerationalCache } from '../../src/core/generational-cache.ts';

describe('the generational cache', () => {
  it('keeps what is used and drops, a generation at a time, what is not', () => {
    const cache = new GenerationalCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3); // a and b become the old generation
    expect(cache.get('a')).to.equal(1); // back in the current one, beside c
    cache.set('d', 4); // c and a become old; b is dropped
    expect(cache.get('b')).to.equal(undefined);
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).to.deep.equal([1, 3, 4]);
  });
});
