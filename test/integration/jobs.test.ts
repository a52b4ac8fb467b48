import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, eventually, type TestAccount } from '../support/factories.ts';
import { testApp } from '../support/test-app.ts';
import { pushAppListing } from '../support/applications.ts';
import { indexedDueListings, STATE_KIND, STATE_SCHEDULE, StateJob } from '../../src/jobs/state-job.ts';
import { jobQueue } from '../../src/background.ts';
import { JOB_SCHEMA } from '../../src/db/job-queue.ts';

describe('state job (the job queue)', () => {
  let account: TestAccount;
  let job: StateJob;

  before(async () => {
    account = await createAccount();
    const { prisma, logger, search, listingIndex } = testApp().runtime;
    job = new StateJob(prisma, logger, indexedDueListings(search, listingIndex.alias));
  });

  it("clears first dibs whose expiry date has passed and brings the listing's document up to date", async () => {
    const { prisma } = testApp().runtime;
    const ended = await pushAppListing(account, { properties: [{ firstDibs: true, firstDibsExpirationDate: '2020-01-01' }] });
    const running = await pushAppListing(account, { properties: [{ firstDibs: true, firstDibsExpirationDate: '2999-01-01' }] });
    expect((await api.get(`/api/rest/portal/listings/${ended.id}`)).body.firstDibs).to.equal(true);

    const run = await job.runOnce();
    expect(run.firstDibsCleared).to.be.at.least(1);
    expect((await prisma.property.findUniqueOrThrow({ where: { id: ended.propertyIds[0]! } })).firstDibs).to.equal(false);
    expect((await prisma.property.findUniqueOrThrow({ where: { id: running.propertyIds[0]! } })).firstDibs).to.equal(true);
    await eventually(async () => expect((await api.get(`/api/rest/portal/listings/${ended.id}`)).body.firstDibs).to.equal(false));
    expect((await api.get(`/api/rest/portal/listings/${running.id}`)).body.firstDibs).to.equal(true);
    // nothing left to do on a second run
    expect((await job.runOnce()).firstDibsCleared).to.equal(0);
  });

  it('queues listings whose publication time has just come for reindexing', async () => {
    const { prisma } = testApp().runtime;
    const soon = await pushAppListing(account, { listing: { publishAt: new Date(Date.now() + 60_000).toISOString() } });
    expect((await api.get(`/api/rest/portal/listings/${soon.id}`)).status).to.equal(404);
    const before = (await prisma.listing.findUniqueOrThrow({ where: { id: soon.id } })).indexVersion;
    const run = await job.runOnce(new Date(Date.now() + 2 * 60_000));
    expect(run.listingsReleased).to.be.at.least(1);
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: soon.id } })).indexVersion).to.equal(before + 1n);
  });

  it('brings a listing live whose time passed with no run in its window, never before its time', async () => {
    const { prisma, worker } = testApp().runtime;
    const publishAt = new Date(Date.now() + 1_500);
    const scheduled = await pushAppListing(account, { listing: { publishAt: publishAt.toISOString() } });
    await worker.drainAll();
    // indexed before its time: not live, whatever the clock says by the time it is read
    expect((await api.get(`/api/rest/portal/listings/${scheduled.id}`)).status).to.equal(404);
    while (Date.now() <= publishAt.getTime()) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await api.get(`/api/rest/portal/listings/${scheduled.id}`)).status).to.equal(404);
    const before = (await prisma.listing.findUniqueOrThrow({ where: { id: scheduled.id } })).indexVersion;
    // a run ten minutes on: the database's two-minute window has passed it, the index still holds it as not live
    await job.runOnce(new Date(Date.now() + 10 * 60_000));
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: scheduled.id } })).indexVersion > before).to.equal(true);
    await eventually(async () => expect((await api.get(`/api/rest/portal/listings/${scheduled.id}`)).status).to.equal(200));
  });

  it('is scheduled once whatever the number of instances, and runs one at a time (the job queue)', async () => {
    const { prisma, logger } = testApp().runtime;
    const config = testApp().runtime.config;
    // three instances start the role: one schedule, and at most one job waiting however often they enqueue
    const instances = [testApp().runtime.jobs, jobQueue(config, logger), jobQueue(config, logger)];
    try {
      await Promise.all(instances.map((jobs) => jobs.schedule(STATE_KIND, STATE_SCHEDULE)));
      const [schedules] = await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.schedule WHERE name = $1`, STATE_KIND);
      expect(schedules!.n).to.equal(1);
      for (let i = 0; i < 3; i += 1) await Promise.all(instances.map((jobs) => jobs.enqueue(null, STATE_KIND, {})));
      const [waiting] = await prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry')`,
        STATE_KIND,
      );
      expect(waiting!.n).to.equal(1);
      const ran = await testApp().runtime.jobs.drain(STATE_KIND, () => job.runOnce().then(() => undefined));
      expect(ran).to.equal(1);
    } finally {
      await Promise.all(instances.slice(1).map((jobs) => jobs.stop()));
      await prisma.$executeRawUnsafe(`DELETE FROM ${JOB_SCHEMA}.schedule WHERE name = $1`, STATE_KIND);
    }
  });
});
