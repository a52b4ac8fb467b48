// Every instance learns of a change of the index from the writers' announcements (search/index-changes.ts):
// another process's write keeps this one from sending kept responses unasked once it has been open
// longer than the bound, and its settle moves the generation on and makes the instance quiet again.
import { expect } from 'chai';
import { eventually } from '../support/factories.ts';
import { testApp } from '../support/test-app.ts';
import { IndexChanges } from '../../src/search/index-changes.ts';

describe('index changes told to every instance', function () {
  this.timeout(30_000);

  it('is not quiet while another writer has a write open longer than the bound, and moves on when it settles', async () => {
    const { pool, config, logger, indexChanges } = testApp().runtime;
    // another process's writer: announcing only, never listening
    const other = new IndexChanges(pool, config.DATABASE_URL, logger, { boundMs: config.SEARCH_MEMO_BOUND_MS, refreshIntervalMs: 1000 });
    await eventually(async () => expect(indexChanges.quiet()).to.equal(true));
    const before = indexChanges.generation();
    const seq = await other.beforeWrite();
    // heard, and once older than the bound, no response is sent unasked
    await eventually(async () => expect(indexChanges.quiet()).to.equal(false));
    expect(indexChanges.generation()).to.equal(before);
    other.afterWrite(seq, false);
    const covered = other.beforeRefresh();
    expect(covered).to.deep.equal([seq]);
    other.afterRefresh(covered, true);
    await eventually(async () => expect(indexChanges.generation()).to.be.above(before));
    await eventually(async () => expect(indexChanges.quiet()).to.equal(true));
    await other.stop();
  });
});
