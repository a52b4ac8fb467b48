// The write pipeline under faults (test/faults/pipeline.ts), short: 150 writes, one fault of each kind.
// The full run (`npm run test:faults`) crashes stores of its own; this one must not touch the test
// stores, so the service and the worker process it starts reach PostgreSQL and Elasticsearch through
// TCP links it cuts and restores (as database-outage.test.ts and engine-outage.test.ts do): connections
// drop and are refused as when a store dies. The worker process is killed for real (SIGKILL). The checks
// look at this run's listings, leads and saved searches only; the test application's own reindex and
// webhook workers go on beside the worker process. The plan's seed is printed; FAULT_SEED replays it.
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { createAccount } from '../support/factories.ts';
import { CuttableLink } from '../support/tcp-proxy.ts';
import { freePort } from '../support/free-port.ts';
import { faultSeed, runWritePipeline } from './pipeline.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the write pipeline under faults (short)', function () {
  this.timeout(300_000);
  const links: CuttableLink[] = [];
  after(async () => {
    for (const link of links) await link.cut();
  });

  it('loses no acknowledged write, leaves the index equal to the database, delivers every lead webhook in order and e-mails no alert match twice', async () => {
    const { config } = testApp().runtime;
    const pg = new CuttableLink(new URL(config.DATABASE_URL));
    const es = new CuttableLink(new URL(config.ELASTICSEARCH_URL));
    links.push(pg, es);
    await pg.open();
    await es.open();
    const viaLink = new URL(config.DATABASE_URL);
    viaLink.port = String(pg.port);
    // The alert checks the suite's earlier files queued (the test application runs no alert job) were
    // dropped as each file ended (test/support/file-rows.ts): the worker process takes this run's only.
    const account = await createAccount({ tier: 'premium' });
    // the plan's seed, printed so that a failed run can be replayed with FAULT_SEED
    const seed = faultSeed();
    console.log(`      fault plan seed ${seed} (FAULT_SEED=${seed} replays it)`);
    const result = await runWritePipeline({
      seed,
      writes: 150,
      clients: 3,
      kills: 1,
      appPort: await freePort(),
      apiKey: account.key,
      childEnv: { DATABASE_URL: viaLink.toString(), ELASTICSEARCH_URL: es.url, ES_INDEX_PREFIX: config.ES_INDEX_PREFIX },
      checkEnv: { DATABASE_URL: config.DATABASE_URL, ELASTICSEARCH_URL: config.ELASTICSEARCH_URL, ES_INDEX_PREFIX: config.ES_INDEX_PREFIX },
      async takeDown(store, outageMs) {
        const link = store === 'postgres' ? pg : es;
        await link.cut();
        await sleep(outageMs);
        await link.restore();
      },
      outageMs: [1500, 3000],
      scoped: true,
      childLogLevel: process.env.FAULT_CHILD_LOG_LEVEL ?? 'fatal',
      say: () => {},
    });
    const f = result.figures;
    expect(f.kills, result.summary).to.deep.equal({ postgres: 1, elasticsearch: 1, worker: 1 });
    expect(f.acknowledged, result.summary).to.equal(f.writes);
    expect(f.leadWrites, result.summary).to.be.greaterThan(0);
    expect(f.lost, result.summary).to.equal(0);
    expect(f.indexDiff, result.summary).to.equal(0);
    expect(f.webhooks.due, result.summary).to.be.greaterThan(0);
    expect(f.webhooks.missing, result.summary).to.equal(0);
    expect(f.webhooks.outOfOrder, result.summary).to.equal(0);
    expect(f.webhooks.leadsWithoutEvents, result.summary).to.equal(0);
    expect(f.alerts.emails, result.summary).to.be.greaterThan(0);
    expect(f.alerts.duplicates, result.summary).to.equal(0);
    expect(result.passed, result.summary).to.equal(true);
  });
});
