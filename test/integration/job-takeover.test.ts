// The engine room's fault test, the same for every kind on the job queue: an instance takes a job and is
// killed with SIGKILL inside the handler; the job is not lost with it. Once its heartbeat has stopped, a
// supervisor pass fails it and another instance runs it again, and its effect happens once: an e-mail
// claimed by the dead instance is never sent twice (at most once), one it had not claimed is sent once;
// a lead webhook arrives at least once, and its lead's later event after it.
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { testApp } from '../support/test-app.ts';
import { mailsTo, smtpSink } from '../support/smtp-sink.ts';
import { HEARTBEAT_SECONDS, JOB_SCHEMA, SUPERVISE_SECONDS } from '../../src/db/job-queue.ts';
import { QUEUES } from '../../src/background.ts';
import { MAIL_KIND, MailOutbox, type OutboxMessage } from '../../src/mail/mail-outbox.ts';
import { STATE_KIND, StateJob } from '../../src/jobs/state-job.ts';
import { FEED_IMPORT_KIND } from '../../src/feeds/feed-import-service.ts';
import { PICTURE_SIZES_KIND, type PictureSizesJobData } from '../../src/feeds/picture-sizes.ts';
import { createAccount } from '../support/factories.ts';
import { feedFixture, importReport, picture, sizePictures, uploadBlm, zipOf } from '../support/feeds.ts';
import { CuttableLink } from '../support/tcp-proxy.ts';
import { JobQueue } from '../../src/db/job-queue.ts';
import { ALERT_CHECK_KIND, AlertChecks } from '../../src/alerts/alert-checks.ts';
import { alertChecksOpen, discardAlertChecks } from '../support/alert-checks.ts';
import { api } from '../support/api.ts';
import { developmentPayload, eventually, listingPayload, propertyPayload, withKey } from '../support/factories.ts';
import { WEBHOOK_KIND } from '../../src/webhooks/webhook-job.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, passwordCustomer, P } from '../support/customers.ts';
import { applied, pushAppListing } from '../support/applications.ts';
import { ALERT_DELIVERY_KIND, enqueueAlertDelivery } from '../../src/alerts/alert-delivery-jobs.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child instance working `kind`; resolves with the data of the job it died inside. */
async function killedInside(kind: string, enqueue: () => Promise<void>): Promise<{ victim: ChildProcess; data: unknown }> {
  const victim = spawn(process.execPath, ['--import', 'tsx', 'test/support/job-victim.ts', kind], { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let wake = () => {};
  createInterface({ input: victim.stdout! }).on('line', (line) => {
    lines.push(line);
    wake();
  });
  const read = async (prefix: string) => {
    for (;;) {
      const at = lines.findIndex((l) => l.startsWith(prefix));
      if (at >= 0) return lines.splice(at, 1)[0]!.slice(prefix.length);
      if (victim.exitCode !== null) throw new Error(`the child instance ended before printing ${prefix}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 200);
      });
    }
  };
  await read('working');
  await enqueue();
  const data = JSON.parse(await read('inside '));
  victim.kill('SIGKILL');
  await once(victim, 'exit');
  return { victim, data };
}

/** Supervisor passes until the dead instance's job is no longer active (a pass claims a queue once every SUPERVISE_SECONDS across instances). */
async function failedOver(kind: string): Promise<void> {
  await sleep((HEARTBEAT_SECONDS + 1) * 1000);
  for (let i = 0; i <= SUPERVISE_SECONDS * 2; i += 1) {
    await testApp().runtime.jobs.supervise(kind);
    if ((await activeJobs(kind)) === 0) return;
    await sleep(1000);
  }
  throw new Error(`the ${kind} job of the killed instance is still active`);
}

async function activeJobs(kind: string): Promise<number> {
  const [row] = await testApp().runtime.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'active'`, kind);
  return row!.n;
}

class Note implements OutboxMessage {
  readonly template = 'takeover-test';
  constructor(private readonly subject: string) {}
  render() {
    return { subject: this.subject, text: 'the job outlived its instance', html: '<p>the job outlived its instance</p>' };
  }
}

describe('a job whose instance is killed inside its handler (the job queue)', function () {
  this.timeout(90_000);

  it('lists every kind of the job queue here', () => {
    expect(Object.keys(QUEUES).sort()).to.deep.equal([MAIL_KIND, STATE_KIND, FEED_IMPORT_KIND, ALERT_CHECK_KIND, PICTURE_SIZES_KIND, WEBHOOK_KIND, ALERT_DELIVERY_KIND].sort());
  });

  it(`${MAIL_KIND}: taken over after the heartbeat stops, the e-mail sent once`, async () => {
    const { runtime, built } = testApp();
    await smtpSink();
    await built.mails.delivery.runOnce();
    const to = `takeover-${Date.now()}@example.org`;
    const { data } = await killedInside(MAIL_KIND, () =>
      runtime.prisma.$transaction((tx) => new MailOutbox(runtime.jobs).send(tx, to, new Note('Sent once after a crash'))),
    );
    expect(data).to.have.property('mail');
    expect(await activeJobs(MAIL_KIND)).to.be.at.least(1);
    await failedOver(MAIL_KIND);
    const run = await built.mails.delivery.runOnce({ retriesToo: true });
    expect(run.emails).to.be.at.least(1);
    expect(await mailsTo(to)).to.have.length(1);
    expect((await built.mails.delivery.runOnce({ retriesToo: true })).emails).to.equal(0);
    expect(await mailsTo(to)).to.have.length(1);
  });

  it(`${STATE_KIND}: taken over after the heartbeat stops, and run`, async () => {
    const { runtime } = testApp();
    const state = new StateJob(runtime.prisma, runtime.logger);
    await runtime.jobs.drain(STATE_KIND, () => state.runOnce().then(() => undefined));
    const since = new Date();
    await killedInside(STATE_KIND, () => runtime.jobs.enqueue(null, STATE_KIND, {}));
    await failedOver(STATE_KIND);
    let ran = 0;
    await runtime.jobs.drain(STATE_KIND, () => state.runOnce().then(() => void (ran += 1)), { retriesToo: true });
    // (a schedule left by another process of the run may have added the minute's job: at least the one killed)
    expect(ran).to.be.at.least(1);
    const [jobs] = await runtime.prisma.$queryRawUnsafe<{ retried: number; open: number }[]>(
      `SELECT count(*) FILTER (WHERE state = 'completed' AND retry_count > 0 AND completed_on >= $2::timestamptz)::int AS retried,
              count(*) FILTER (WHERE state IN ('retry', 'active'))::int AS open
       FROM ${JOB_SCHEMA}.job WHERE name = $1`,
      STATE_KIND,
      since,
    );
    expect(jobs, 'the killed job, run again to its end').to.deep.equal({ retried: 1, open: 0 });
  });

  it(`${FEED_IMPORT_KIND}: taken over after the heartbeat stops, the import done`, async () => {
    const { built } = testApp();
    const account = await createAccount({ tier: 'premium' });
    // this instance's own worker stands aside, so that the doomed one takes the import
    await built.feedImports.stop();
    let id = '';
    try {
      const { data } = await killedInside(FEED_IMPORT_KIND, async () => {
        const queued = await uploadBlm(account, feedFixture('ashford-sales.blm'));
        expect(queued.status).to.equal(202);
        id = queued.body.id;
      });
      expect(data).to.deep.equal({ import: id });
      await failedOver(FEED_IMPORT_KIND);
    } finally {
      built.feedImports.start();
    }
    const report = await importReport(account, id);
    expect(report.status).to.equal('done');
    expect(report.counts.created).to.be.above(0);
  });

  it(`${ALERT_CHECK_KIND}: taken over after the heartbeat stops, the listing matched once`, async () => {
    const { runtime, built } = testApp();
    const account = await createAccount({ tier: 'premium' });
    await api.put('/api/rest/inventory/developments/tk-dev', developmentPayload({ postcode: 'BN1 5FP' }), withKey(account));
    await api.put('/api/rest/inventory/properties/tk-home', propertyPayload('tk-dev'), withKey(account));
    const written = await api.put('/api/rest/listings/l-tk-home', listingPayload('tk-dev', ['tk-home']), withKey(account));
    expect(written.status).to.equal(201);
    const listing = written.body.id as number;
    // the doomed instance takes this check, not one another file's writes left
    await discardAlertChecks();
    const { data } = await killedInside(ALERT_CHECK_KIND, () => runtime.prisma.$transaction((tx) => new AlertChecks(runtime.jobs).listingsChanged(tx, [listing])));
    expect(data).to.deep.equal({ listing });
    await failedOver(ALERT_CHECK_KIND);
    const run = await built.alerts.matcher.runOnce();
    expect(run.checked).to.be.at.least(1);
    expect(await alertChecksOpen(listing)).to.equal(0);
    const state = await runtime.prisma.listingAlertState.findUniqueOrThrow({ where: { listingId: listing } });
    expect(state.live, 'the listing seen live: its new-listing event matched').to.equal(true);
    expect((await built.alerts.matcher.runOnce()).events, 'and not matched again').to.equal(0);
  });

  it(`${ALERT_DELIVERY_KIND}: taken over after the heartbeat stops, the alert e-mail sent once by the other instance`, async () => {
    const { runtime, built } = testApp();
    const { prisma } = runtime;
    const account = await createAccount({ tier: 'premium' });
    await api.put('/api/rest/inventory/developments/tka-dev', developmentPayload({ postcode: 'BN1 5FP' }), withKey(account));
    await api.put('/api/rest/inventory/properties/tka-home', propertyPayload('tka-dev'), withKey(account));
    const written = await api.put('/api/rest/listings/l-tka-home', listingPayload('tka-dev', ['tka-home'], { name: 'Home of the killed run' }), withKey(account));
    expect(written.status).to.equal(201);
    // what other files left due goes first, so that the doomed instance's run is the one that sends this match
    await built.alerts.deliverOnce();
    const customer = await passwordCustomer();
    const search = await prisma.savedSearch.create({
      data: { customerId: customer.id, portalId: 1, name: 'Killed run', query: {}, alertFrequency: 'instant', unsubscribeToken: `tka-${Date.now()}`, forSale: true },
    });
    await prisma.alertMatch.create({ data: { savedSearchId: search.id, customerId: customer.id, listingId: written.body.id as number, kind: 'new-listing', eventKey: `tka-${Date.now()}` } });
    const since = new Date();
    const { data } = await killedInside(ALERT_DELIVERY_KIND, () => enqueueAlertDelivery(runtime.jobs, null));
    expect(data).to.deep.equal({});
    await failedOver(ALERT_DELIVERY_KIND);
    // this instance takes the killed run again (the index may still lag the listing's write by a second)
    await eventually(async () => {
      await built.alerts.deliverOnce();
      expect(await prisma.alertMatch.count({ where: { savedSearchId: search.id, sentAt: null } })).to.equal(0);
    }, 20_000, 300);
    const [jobs] = await prisma.$queryRawUnsafe<{ retried: number; open: number }[]>(
      `SELECT count(*) FILTER (WHERE state = 'completed' AND retry_count > 0 AND completed_on >= $2::timestamptz)::int AS retried,
              count(*) FILTER (WHERE state IN ('retry', 'active'))::int AS open
       FROM ${JOB_SCHEMA}.job WHERE name = $1`,
      ALERT_DELIVERY_KIND,
      since,
    );
    expect(jobs, 'the killed run, run again to its end').to.deep.equal({ retried: 1, open: 0 });
    await built.mails.delivery.runOnce({ retriesToo: true });
    expect((await built.alerts.deliverOnce()).emails, 'and not sent again').to.equal(0);
    await built.mails.delivery.runOnce({ retriesToo: true });
    const alerts = (await mailsTo(customer.email)).filter((m) => m.text.includes('Home of the killed run'));
    expect(alerts).to.have.length(1);
  });

  it(`${PICTURE_SIZES_KIND}: taken over after the heartbeat stops, the sizes made`, async () => {
    const { runtime, built } = testApp();
    const account = await createAccount({ tier: 'premium' });
    await sizePictures();
    const photo = await picture(1000 + Math.floor(Math.random() * 500), 700);
    let id = '';
    const { data } = await killedInside(PICTURE_SIZES_KIND, async () => {
      // the import runs here (this instance's feed import worker) and enqueues its pictures' job as it ends
      const blm = feedFixture('ashford-sales.blm').toString('latin1').replace(/HG01_IMG_00\.jpg/g, 'takeover.jpg');
      const queued = await uploadBlm(account, zipOf({ 'stock.blm': Buffer.from(blm, 'latin1'), 'takeover.jpg': photo }));
      expect(queued.status).to.equal(202);
      id = queued.body.id;
      expect((await importReport(account, id)).status).to.equal('done');
    });
    const job = data as PictureSizesJobData;
    expect(job.import).to.equal(id);
    const digest = job.pictures[0]!.digest;
    const thumbnail = await runtime.prisma.mediaObject.count({ where: { key: `feeds/${digest}/thumbnail.jpg` } });
    expect(thumbnail, 'not made by the killed instance').to.equal(0);
    await failedOver(PICTURE_SIZES_KIND);
    const ran = await runtime.jobs.drain<PictureSizesJobData>(PICTURE_SIZES_KIND, (d) => built.pictureSizes.sizes.run(d), { retriesToo: true });
    expect(ran).to.be.at.least(1);
    expect(await runtime.prisma.mediaObject.count({ where: { key: { in: [`feeds/${digest}/mediumSize.jpg`, `feeds/${digest}/thumbnail.jpg`] } } })).to.equal(2);
    expect(await activeJobs(PICTURE_SIZES_KIND)).to.equal(0);
  });

  it(`${WEBHOOK_KIND}: taken over after the heartbeat stops, the event delivered, and its lead's later event after it`, async () => {
    const { built, runtime } = testApp();
    const received: { type: string; info: string | null; eventId: string }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; type: string; data: { additionalInfo: string | null } };
        received.push({ type: event.type, info: event.data.additionalInfo, eventId: event.id });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const account = await createAccount();
    const listing = await pushAppListing(account);
    const hook = await api.put('/api/rest/account/webhook', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['lead.created', 'lead.updated'] }, withKey(account));
    expect(hook.status, hook.text).to.equal(200);
    const customer = await passwordCustomer();
    let lead = 0;
    // this instance's own worker stands aside, so that the doomed one takes the lead's first event
    await built.webhooks.stop();
    try {
      const { data } = await killedInside(WEBHOOK_KIND, async () => {
        lead = (await applied(customer, listing.id, { additionalInfo: 'first' })).id;
      });
      const [first] = await runtime.prisma.webhookDelivery.findMany({ where: { leadId: lead }, orderBy: { id: 'asc' } });
      expect(data).to.deep.equal({ delivery: String(first!.id) });
      // the lead's next change, while its first event is held by the dead instance
      const update = await api.put(`${P}/profile/applications/${lead}`, { additionalInfo: 'second' }, bearer(customer.accessToken));
      expect(update.status, update.text).to.equal(200);
      await failedOver(WEBHOOK_KIND);
    } finally {
      built.webhooks.start();
    }
    try {
      await eventually(async () => expect(received.filter((r) => r.info === 'second')).to.have.length(1), 30_000);
      // at least once each, and the first event before the second
      expect(received.map((r) => `${r.type}:${r.info}`)).to.deep.equal(['lead.created:first', 'lead.updated:second']);
      const log = await runtime.prisma.webhookDelivery.findMany({ where: { leadId: lead }, orderBy: { id: 'asc' } });
      expect(log.map((d) => [d.type, d.status])).to.deep.equal([
        ['lead.created', 'delivered'],
        ['lead.updated', 'delivered'],
      ]);
      const [retried] = await runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'delivery' = $2 AND state = 'completed' AND retry_count > 0`,
        WEBHOOK_KIND,
        String(log[0]!.id),
      );
      expect(retried!.n, 'the killed job, run again to its end').to.equal(1);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('starts once the database is back when it was out of reach at the start (a role is never left without its worker)', async () => {
    const { runtime } = testApp();
    const url = new URL(runtime.config.DATABASE_URL);
    const link = new CuttableLink(url);
    await link.open();
    await link.cut();
    const through = new URL(url);
    through.host = `127.0.0.1:${link.port}`;
    const jobs = new JobQueue(through.toString(), runtime.logger, { [STATE_KIND]: QUEUES[STATE_KIND]! });
    try {
      let failed = false;
      await jobs.start().catch(() => (failed = true));
      expect(failed, 'the first start fails while the database is out of reach').to.equal(true);
      let ran = 0;
      const working = jobs.work(STATE_KIND, { concurrency: 1 }, async () => void (ran += 1));
      await sleep(1500);
      await link.restore();
      await working;
      await jobs.enqueue(null, STATE_KIND, { startRetried: Date.now() });
      for (let i = 0; i < 100 && ran === 0; i += 1) await sleep(100);
      expect(ran).to.be.at.least(1);
    } finally {
      await jobs.stop();
      await link.cut();
    }
  });
});
