import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, eventually, type TestAccount } from '../support/factories.ts';
import { testApp } from '../support/test-app.ts';
import { pushAppListing } from '../support/applications.ts';
import { indexedDueListings, StateJob } from '../../src/jobs/state-job.ts';

describe('state job (node-cron)', () => {
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
    expect(run.ran).to.equal(true);
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

  it("does nothing while another instance holds the job's lock", async () => {
    const { prisma } = testApp().runtime;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(6000001)::text AS held`;
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    try {
      expect((await job.runOnce()).ran).to.equal(false);
    } finally {
      release();
      await holder;
    }
    expect((await job.runOnce()).ran).to.equal(true);
  });

  it('runs once a minute whatever the number of instances: a tick within 50 s of any instance\'s run does nothing', async () => {
    const { prisma, logger } = testApp().runtime;
    const instances = [job, new StateJob(prisma, logger), new StateJob(prisma, logger)];
    const t0 = new Date(Date.now() + 10 * 60_000); // after any run of the test application's own schedule
    // three instances whose ticks come a few seconds apart: the first claims the minute, the others skip it
    const claimed = [];
    for (const [i, instance] of instances.entries()) claimed.push(await instance.claimTick(new Date(t0.getTime() + i * 3_000)));
    expect(claimed).to.deep.equal([true, false, false]);
    // the next minute's ticks: again exactly one
    const next = [];
    for (const [i, instance] of [...instances].reverse().entries()) next.push(await instance.claimTick(new Date(t0.getTime() + 60_000 + i * 3_000)));
    expect(next).to.deep.equal([true, false, false]);
    await prisma.scheduledRun.deleteMany({ where: { name: 'state-job' } });
  });
});
