// GET /metrics after a search and a sync write: every series an operator relies on is there, with
// values that follow from what the test did. Counters are compared between two scrapes (the other
// tests of the run have moved them too).
import { expect } from 'chai';
import { JOB_SCHEMA } from '../../src/db/job-queue.ts';
import type { AddressInfo } from 'node:net';
import { api } from '../support/api.ts';
import { createAccount, eventually, pushListing, withKey, type TestAccount } from '../support/factories.ts';
import { P } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import { buildApp } from '../../src/app.ts';
import { JOB_KINDS } from '../../src/background.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** the samples of the Prometheus text format (comments skipped) */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

class Scrape {
  constructor(readonly samples: Sample[]) {}

  all(name: string, labels: Record<string, string> = {}): Sample[] {
    return this.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  }

  /** the one sample of that name and labels (0 when the series does not exist yet) */
  value(name: string, labels: Record<string, string> = {}): number {
    const found = this.all(name, labels);
    if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
    return found[0]?.value ?? 0;
  }

  /** the one sample, which must exist */
  one(name: string, labels: Record<string, string> = {}): number {
    expect(this.all(name, labels), `${name} ${JSON.stringify(labels)}`).to.have.length(1);
    return this.value(name, labels);
  }
}

async function scrape(): Promise<Scrape> {
  const res = await api.get('/metrics');
  expect(res.status).to.equal(200);
  expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
  return new Scrape(parse(res.text));
}

const SEARCH = { route: '/api/rest/portal/search', method: 'GET', status: '200' };
const CACHES = ['map_arrays', 'map_listings', 'search_responses'];

describe('metrics', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let first: Scrape;
  let after: Scrape;

  before(async () => {
    account = await createAccount();
    first = await scrape();
    const { res } = await pushListing(account, api, 'metrics', { name: 'Lock Keeper House' });
    expect(res.status).to.equal(201);
    const search = () => api.get(`${P}/search`, { query: { location: 'Manchester', radius: 3 } });
    await eventually(async () => expect((await search()).body.data.map((i: { name: string }) => i.name)).to.include('Lock Keeper House'));
    await search();
    await search(); // the same engine answer: sent from the memo
    await api.get('/no/such/path/12345', { undocumented: true });
    expect((await api.patch('/api/rest/cms/families/12345', { enabled: false })).status).to.equal(401); // refused before the route runs
    after = await scrape();
  });

  it('times requests by method, route template and status, never by raw URL', () => {
    const searches =
      after.value('portal_http_request_duration_seconds_count', SEARCH) - first.value('portal_http_request_duration_seconds_count', SEARCH);
    expect(searches).to.be.at.least(3);
    expect(after.one('portal_http_request_duration_seconds_bucket', { ...SEARCH, le: '+Inf' })).to.equal(
      after.one('portal_http_request_duration_seconds_count', SEARCH),
    );
    expect(after.one('portal_http_request_duration_seconds_sum', SEARCH)).to.be.above(0);
    const write = { method: 'PUT', route: '/api/rest/listings/:ref', status: '201' };
    expect(
      after.value('portal_http_request_duration_seconds_count', write) - first.value('portal_http_request_duration_seconds_count', write),
    ).to.equal(1);
    const unmatched = after.all('portal_http_request_duration_seconds_count', { route: 'unmatched', status: '404' });
    expect(unmatched.reduce((sum, s) => sum + s.value, 0)).to.be.at.least(1);
    expect(
      after.value('portal_http_request_duration_seconds_count', { method: 'PATCH', route: '/api/rest/cms/families/:id', status: '401' }),
    ).to.be.at.least(1);
    const routes = new Set(after.all('portal_http_request_duration_seconds_count').map((s) => s.labels.route));
    expect([...routes].filter((r) => r !== 'unmatched' && !r!.startsWith('/'))).to.deep.equal([]);
    expect([...routes].filter((r) => /\?|12345|metrics-|Manchester/.test(r!))).to.deep.equal([]);
  });

  it('counts the requests in flight, the scrape itself included', () => {
    expect(after.one('portal_http_requests_in_flight')).to.equal(1);
  });

  it('reports the outbox backlog and the reindex worker', async () => {
    expect(after.one('portal_outbox_depth')).to.be.at.least(0);
    expect(after.one('portal_outbox_oldest_age_seconds')).to.be.at.least(0);
    expect(after.one('portal_outbox_abandoned')).to.be.at.least(0);
    expect(after.one('portal_reindex_batches_total') - first.value('portal_reindex_batches_total')).to.be.at.least(1);
    const indexed = { outcome: 'indexed' };
    expect(after.one('portal_reindex_documents_total', indexed) - first.value('portal_reindex_documents_total', indexed)).to.be.at.least(1);
    const rejected = { outcome: 'rejected' };
    expect(after.one('portal_reindex_documents_total', rejected) - first.value('portal_reindex_documents_total', rejected)).to.equal(0);
    expect(after.one('portal_reindex_failures_total')).to.be.at.least(0);
    const lags = after.one('portal_reindex_lag_seconds_count') - first.value('portal_reindex_lag_seconds_count');
    expect(lags).to.be.at.least(1);
    const lagSum = after.one('portal_reindex_lag_seconds_sum') - first.value('portal_reindex_lag_seconds_sum');
    expect(lagSum / lags)
      .to.be.above(0)
      .and.below(30);

    // with the worker stopped, a change waits in the outbox and ages there
    const { worker } = testApp().runtime;
    await worker.stop();
    try {
      await api.patch('/api/rest/listings/listing-metrics', { name: 'Lock Keeper Yard' }, withKey(account));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const waiting = await scrape();
      expect(waiting.one('portal_outbox_depth')).to.be.at.least(1);
      expect(waiting.one('portal_outbox_oldest_age_seconds')).to.be.at.least(0.25).and.below(30);
    } finally {
      worker.start();
    }
    const drained = await eventually(async () => {
      const now = await scrape();
      expect(now.one('portal_outbox_depth')).to.equal(0);
      expect(now.one('portal_outbox_oldest_age_seconds')).to.equal(0);
      return now;
    });

    // a change the engine refused as often as the worker tries counts as abandoned, not as waiting
    const { prisma } = testApp().runtime;
    const row = await prisma.listingOutbox.create({ data: { listingId: 1, attempts: 10, lastError: 'refused in a test' } });
    try {
      const abandoned = await scrape();
      expect(abandoned.one('portal_outbox_abandoned')).to.equal(drained.one('portal_outbox_abandoned') + 1);
      expect(abandoned.one('portal_outbox_depth')).to.equal(0);
    } finally {
      await prisma.listingOutbox.delete({ where: { id: row.id } });
    }
  });

  it('reports the same four figures for every job kind whose work waits', async () => {
    const queued = JOB_KINDS.map((k) => k.kind).filter((kind) => kind !== 'index-changes' && kind !== 'listing-stats');
    for (const kind of queued) {
      for (const series of ['portal_job_backlog', 'portal_job_oldest_age_seconds', 'portal_job_failures', 'portal_job_dead_letters']) {
        expect(after.one(series, { kind })).to.be.at.least(0);
      }
    }
    // an e-mail job waiting (no mail delivery runs in the test application) is backlog and ages; one in the
    // kind's dead letters counts there
    const { prisma, jobs } = testApp().runtime;
    const base = await scrape();
    const kind = { kind: 'mail-delivery' };
    await jobs.enqueue(null, 'mail-delivery', { mail: '0', metricsTest: true });
    await jobs.enqueue(null, 'mail-delivery.dead', { mail: '0', metricsTest: true });
    await prisma.$executeRawUnsafe(`UPDATE ${JOB_SCHEMA}.job SET created_on = now() - interval '1 minute' WHERE data->>'metricsTest' = 'true'`);
    try {
      const now = await scrape();
      expect(now.one('portal_job_backlog', kind)).to.equal(base.one('portal_job_backlog', kind) + 1);
      expect(now.one('portal_job_oldest_age_seconds', kind)).to.be.at.least(59);
      expect(now.one('portal_job_dead_letters', kind)).to.equal(base.one('portal_job_dead_letters', kind) + 1);
      expect(now.one('portal_job_failures', kind)).to.be.at.least(0);
    } finally {
      await prisma.$executeRawUnsafe(`DELETE FROM ${JOB_SCHEMA}.job WHERE data->>'metricsTest' = 'true'`);
    }
  });

  it('reports the database and the search engine as up', () => {
    expect(after.one('portal_dependency_up', { dependency: 'database' })).to.equal(1);
    expect(after.one('portal_dependency_up', { dependency: 'search' })).to.equal(1);
  });

  it("reports the search caches' hits, misses, entries and bytes", () => {
    for (const cache of CACHES) {
      for (const name of ['portal_cache_hits_total', 'portal_cache_misses_total', 'portal_cache_entries', 'portal_cache_bytes']) {
        expect(after.one(name, { cache }), `${name} ${cache}`).to.be.at.least(0);
      }
      const lookups = (s: Scrape) => s.value('portal_cache_hits_total', { cache }) + s.value('portal_cache_misses_total', { cache });
      expect(lookups(after) - lookups(first), `lookups of ${cache}`).to.be.at.least(1);
      expect(after.one('portal_cache_entries', { cache }), `entries of ${cache}`).to.be.at.least(1);
      expect(after.one('portal_cache_bytes', { cache }), `bytes of ${cache}`).to.be.above(after.one('portal_cache_entries', { cache }));
    }
    const reused =
      after.one('portal_cache_hits_total', { cache: 'search_responses' }) -
      first.value('portal_cache_hits_total', { cache: 'search_responses' });
    expect(reused).to.be.at.least(1);
  });

  it("includes Node's default process metrics", () => {
    expect(after.one('process_cpu_seconds_total')).to.be.above(0);
    expect(after.one('process_resident_memory_bytes')).to.be.above(10_000_000);
    expect(after.one('nodejs_heap_size_used_bytes')).to.be.above(0);
    expect(after.all('nodejs_eventloop_lag_p99_seconds')).to.have.length(1);
    expect(after.all('nodejs_gc_duration_seconds_count').length).to.be.at.least(1);
  });

  it('is not served with METRICS_ENABLED=false', async () => {
    const { runtime } = testApp();
    const { app } = buildApp({ ...runtime, config: { ...runtime.config, METRICS_ENABLED: false }, metrics: null });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).to.equal(404);
      expect((await fetch(`${base}/health`)).status).to.equal(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
