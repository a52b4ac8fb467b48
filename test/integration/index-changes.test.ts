// Every instance learns of a change of the index from the writers' announcements (search/index-changes.ts):
// another process's write keeps this one from sending kept responses unasked once it has been open
// longer than the bound, and its settle moves the generation on and makes the instance quiet again.
import { expect } from 'chai';
import { eventually } from '../support/factories.ts';
import { testApp } from '../support/test-app.ts';
import { INDEX_CHANNEL, IndexChanges, type IndexChange } from '../../src/search/index-changes.ts';
import { touchedBy } from '../../src/listing-search/kept-generation.ts';
import type { SearchScope } from '../../src/listing-index/index-footprint.ts';

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

  /** another process's writer, announcing only; and the changes this instance hears from it */
  const otherWriter = () => {
    const { pool, config, logger, indexChanges } = testApp().runtime;
    const other = new IndexChanges(pool, config.DATABASE_URL, logger, { boundMs: config.SEARCH_MEMO_BOUND_MS, refreshIntervalMs: 1000 });
    const heard: IndexChange[] = [];
    const stop = indexChanges.onChange((change) => change.writer === other.writer && heard.push(change));
    return { other, heard, done: async () => (stop(), await other.stop()) };
  };

  it("tells each move of the generation the footprints of the writes it settled, from a writer's first write on", async () => {
    const { other, heard, done } = otherWriter();
    const first = await other.beforeWrite({ footprint: 'r50.1,-5.1,7,3,1' });
    const second = await other.beforeWrite({ footprint: '' });
    other.afterWrite(first, true);
    await eventually(async () => expect(heard.map((c) => c.footprints)).to.deep.include(['r50.1,-5.1,7,3,1']));
    other.afterWrite(second, true);
    await eventually(async () => expect(heard.map((c) => c.footprints)).to.deep.include(['']));
    // a write announced without one: whatever it changed is not known
    const third = await other.beforeWrite();
    other.afterWrite(third, true);
    await eventually(async () => expect(heard.at(-1)!.footprints).to.equal(null));
    for (const change of heard) expect(change.to).to.equal(change.from + 1);
    await done();
  });

  it('carries no footprint in a settle when a write beyond an older unsettled one became searchable', async () => {
    const { other, heard, done } = otherWriter();
    const older = await other.beforeWrite({ footprint: 'r50.1,-5.1,7,3,1' });
    other.afterWrite(older, false);
    // a write asked to be searchable (refresh=wait_for) answered while the older one waits for a refresh:
    // the settle names writes up to the older one only, so what the newer one touched is not among them
    const newer = await other.beforeWrite({ footprint: 'r52.6,1.3,9,4,2' });
    other.afterWrite(newer, true);
    await eventually(async () => expect(heard).to.have.length(1));
    expect(heard[0]!.footprints).to.equal(null);
    other.afterRefresh(other.beforeRefresh(), true);
    await eventually(async () => expect(heard).to.have.length(2));
    expect(heard[1]!.footprints).to.deep.equal(['r50.1,-5.1,7,3,1', 'r52.6,1.3,9,4,2']);
    await done();
  });

  it('knows no footprint of a writer first heard after its first write, until one of its settles has been heard', async () => {
    const { pool, indexChanges } = testApp().runtime;
    const heard: IndexChange[] = [];
    const stop = indexChanges.onChange((change) => change.writer === 'late0001' && heard.push(change));
    const say = (message: string) => pool.query('SELECT pg_notify($1, $2)', [INDEX_CHANNEL, message]);
    // a writer whose writes 1 to 4 this instance did not hear (announced before it listened)
    await say('open late0001 5 @');
    await say('settled late0001 5');
    await eventually(async () => expect(heard).to.have.length(1));
    expect(heard[0]!.footprints).to.equal(null);
    // from then on each of its settles is known
    await say('open late0001 6 @s50.1,-5.1,,,');
    await say('open late0001 7 @');
    await say('settled late0001 7');
    await eventually(async () => expect(heard).to.have.length(2));
    expect(heard[1]!.footprints).to.deep.equal(['s50.1,-5.1,,,', '']);
    // a settle past a write never heard
    await say('open late0001 9 @');
    await say('settled late0001 9');
    await eventually(async () => expect(heard).to.have.length(3));
    expect(heard[2]!.footprints).to.equal(null);
    stop();
  });

  it('settles a write once the writer tells it is searchable, not before, and before the refresh interval\'s wait', async () => {
    const { other, heard, done } = otherWriter();
    let searchable!: () => void;
    const seq = await other.beforeWrite({ footprint: 's50.1,-5.1,,,' });
    other.afterWrite(seq, false, { searchable: () => new Promise<void>((resolve) => (searchable = resolve)) });
    const settled = () => heard.some((c) => c.footprints?.includes('s50.1,-5.1,,,'));
    // not settled while the writer has not told it (the fallback waits three seconds here)
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled()).to.equal(false);
    searchable();
    await eventually(async () => expect(settled()).to.equal(true));
    await done();
  });

  it("bounds a dead writer's damage to what its open writes touch: other kept answers stay quiet, and its expiry carries them", async () => {
    const { pool, config, logger } = testApp().runtime;
    const boundMs = 200;
    // an instance listening with a short expiry, and a writer that dies with a write open
    const listener = new IndexChanges(pool, config.DATABASE_URL, logger, { boundMs, refreshIntervalMs: 1000, openExpiryMs: 1500 });
    const heard: IndexChange[] = [];
    listener.onChange((change) => heard.push(change));
    listener.start();
    await eventually(async () => expect(listener.quiet()).to.equal(true));
    const dying = new IndexChanges(pool, config.DATABASE_URL, logger, { boundMs, refreshIntervalMs: 1000 });
    await dying.beforeWrite({ footprint: 's53.48,-2.24,,,' }); // a home for sale in Manchester
    const manchesterRect = { north: 53.6, south: 53.4, east: -2.1, west: -2.4 };
    const manchester: SearchScope = { forSale: true, where: { rect: manchesterRect } };
    const leeds: SearchScope = { forSale: true, where: { rect: { north: 53.9, south: 53.7, east: -1.4, west: -1.7 } } };
    const rentingThere: SearchScope = { forSale: false, where: { rect: manchesterRect } };
    await eventually(async () => expect(listener.quiet(touchedBy(manchester))).to.equal(false));
    // past the bound, only answers the open write may touch are held back
    expect(listener.quiet(touchedBy(leeds))).to.equal(true);
    expect(listener.quiet(touchedBy(rentingThere))).to.equal(true);
    expect(listener.quiet(touchedBy(null))).to.equal(false);
    expect(listener.quiet()).to.equal(false);
    await dying.stop(); // dies: no renewal, no settle
    const before = heard.length;
    await eventually(async () => expect(heard.length).to.be.above(before), 10_000);
    // the expiry moves the generation on with the dead write's footprint, not with "anything may have changed"
    expect(heard.at(-1)!.footprints).to.deep.equal(['s53.48,-2.24,,,']);
    expect(listener.quiet(touchedBy(manchester))).to.equal(true);
    await listener.stop();
  });

  it("an instance's start (the mapping and settings brought up to date) keeps every other instance's kept answers", async () => {
    const { pool, config, logger, indexChanges } = testApp().runtime;
    const { createSearchClient } = await import('../../src/search/client.ts');
    const { listingIndexManager } = await import('../../src/search/listing-index.ts');
    // a new instance: its own search client, writer and index manager over the same index
    const search = createSearchClient({ url: config.ELASTICSEARCH_URL, apiKey: config.ELASTICSEARCH_API_KEY });
    const starting = new IndexChanges(pool, config.DATABASE_URL, logger, { boundMs: config.SEARCH_MEMO_BOUND_MS, refreshIntervalMs: 1000 });
    search.watchWrites(starting);
    const heard: IndexChange[] = [];
    const stop = indexChanges.onChange((change) => change.writer === starting.writer && heard.push(change));
    await listingIndexManager(search, config.ES_INDEX_PREFIX, config.ES_REPLICAS).ensure();
    await eventually(async () => expect(heard.length).to.be.above(0));
    // each move its start made says it touched no document: kept answers are carried, none dropped
    for (const change of heard) expect(change.footprints, JSON.stringify(change)).to.be.an('array').that.satisfies((f: string[]) => f.every((x) => x === ''));
    stop();
    await starting.stop();
    await search.close();
  });
});
