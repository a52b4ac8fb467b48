// The engine room's fault test, the same for every kind on the job queue: an instance takes a job and is
// killed with SIGKILL inside the handler; the job is not lost with it. Once its heartbeat has stopped, a
// supervisor pass fails it and another instance runs it again, and its effect happens once: an e-mail
// claimed by the dead instance is never sent twice (at most once), one it had not claimed is sent once;
// a lead webhook arrives at least once, and its lead's later event after it.
// One doomed instance takes a job of every kind, one kind after the other, and dies inside all of their
// handlers at once: one wait for the heartbeat, then each kind's outcome is a test of its own.
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
import { createAccount, type TestAccount } from '../support/factories.ts';
import { feedFixture, importReport, picture, sizePictures, uploadBlm, zipOf } from '../support/feeds.ts';
import { CuttableLink } from '../support/tcp-proxy.ts';
import { JobQueue } from '../../src/db/job-queue.ts';
import { ALERT_CHECK_KIND, AlertChecks } from '../../src/alerts/alert-checks.ts';
import { alertChecksOpen, discardAlertChecks } from '../support/alert-checks.ts';
import { api } from '../support/api.ts';
import { developmentPayload, eventually, listingPayload, propertyPayload, withKey } from '../support/factories.ts';
import { WEBHOOK_KIND } from '../../src/webhooks/webhook-job.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, passwordCustomer, P, type SignedIn } from '../support/customers.ts';
import { applied, pushAppListing } from '../support/applications.ts';
import { ALERT_DELIVERY_KIND, enqueueAlertDeliveries } from '../../src/alerts/alert-delivery-jobs.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Works `kind` on the doomed instance, runs `enqueue`, and resolves with the data of the job the instance is then inside. */
type Takes = (enqueue: () => Promise<void>) => Promise<unknown>;

/**
 * One kind of the job queue in the take-over: `arrange` leads the doomed instance into the kind's handler
 * (through `takes`, once what it must not take is cleared and this instance's own worker stands aside);
 * `check`, once the killed instance's jobs have failed over, proves the outcome. A kind's own state lives
 * in the closure that makes it.
 */
interface TakeOver {
  kind: string;
  /** the outcome, in the test's title */
  outcome: string;
  arrange(takes: Takes): Promise<void>;
  check(): Promise<void>;
}

class Note implements OutboxMessage {
  readonly template = 'takeover-test';
  constructor(private readonly subject: string) {}
  render() {
    return { subject: this.subject, text: 'the job outlived its instance', html: '<p>the job outlived its instance</p>' };
  }
}

function mailDelivery(): TakeOver {
  const to = `takeover-${Date.now()}@example.org`;
  return {
    kind: MAIL_KIND,
    outcome: 'the e-mail sent once',
    async arrange(takes) {
      const { runtime, built } = testApp();
      await smtpSink();
      await built.mails.delivery.runOnce();
      const data = await takes(() =>
        runtime.prisma.$transaction((tx) => new MailOutbox(runtime.jobs).send(tx, to, new Note('Sent once after a crash'))),
      );
      expect(data).to.have.property('mail');
    },
    async check() {
      const { built } = testApp();
      const run = await built.mails.delivery.runOnce({ retriesToo: true });
      expect(run.emails).to.be.at.least(1);
      expect(await mailsTo(to)).to.have.length(1);
      expect((await built.mails.delivery.runOnce({ retriesToo: true })).emails).to.equal(0);
      expect(await mailsTo(to)).to.have.length(1);
    },
  };
}

function stateJob(): TakeOver {
  let since = new Date();
  let state: StateJob;
  return {
    kind: STATE_KIND,
    outcome: 'and run',
    async arrange(takes) {
      const { runtime } = testApp();
      state = new StateJob(runtime.prisma, runtime.logger);
      await runtime.jobs.drain(STATE_KIND, () => state.runOnce().then(() => undefined));
      since = new Date();
      await takes(() => runtime.jobs.enqueue(null, STATE_KIND, {}));
    },
    async check() {
      const { runtime } = testApp();
      let ran = 0;
      await runtime.jobs.drain(STATE_KIND, () => state.runOnce().then(() => void (ran += 1)), { retriesToo: true });
      // (a schedule left by another process of the run may have added the minute's job: at least the one killed)
      expect(ran).to.be.at.least(1);
      expect(await rerunJobs(STATE_KIND, since), 'the killed job, run again to its end').to.deep.equal({ retried: 1, open: 0 });
    },
  };
}

function feedImport(): TakeOver {
  let account: TestAccount;
  let id = '';
  return {
    kind: FEED_IMPORT_KIND,
    outcome: 'the import done',
    async arrange(takes) {
      const { built } = testApp();
      account = await createAccount({ tier: 'premium' });
      // this instance's own worker stands aside, so that the doomed one takes the import (and is back once
      // it has: the doomed instance takes one import at a time, and a later kind's import runs here)
      await built.feedImports.stop();
      try {
        const data = await takes(async () => {
          const queued = await uploadBlm(account, feedFixture('ashford-sales.blm'));
          expect(queued.status).to.equal(202);
          id = queued.body.id;
        });
        expect(data).to.deep.equal({ import: id });
      } finally {
        built.feedImports.start();
      }
    },
    async check() {
      const report = await importReport(account, id);
      expect(report.status).to.equal('done');
      expect(report.counts.created).to.be.above(0);
    },
  };
}

function pictureSizes(): TakeOver {
  let id = '';
  let digest = '';
  return {
    kind: PICTURE_SIZES_KIND,
    outcome: 'the sizes made',
    async arrange(takes) {
      const account = await createAccount({ tier: 'premium' });
      await sizePictures();
      // a picture no other test makes (one made before has its sizes, and the import would enqueue no job)
      const photo = await picture(1001 + Math.floor(Math.random() * 500), 701, 'jpeg', Math.floor(Math.random() * 0xffffff));
      const data = await takes(async () => {
        // the import runs here (this instance's feed import worker) and enqueues its pictures' job as it ends
        const blm = feedFixture('ashford-sales.blm')
          .toString('latin1')
          .replace(/HG01_IMG_00\.jpg/g, 'takeover.jpg');
        const queued = await uploadBlm(account, zipOf({ 'stock.blm': Buffer.from(blm, 'latin1'), 'takeover.jpg': photo }));
        expect(queued.status).to.equal(202);
        id = queued.body.id;
        expect((await importReport(account, id)).status).to.equal('done');
      });
      const job = data as PictureSizesJobData;
      expect(job.import).to.equal(id);
      digest = job.pictures[0]!.digest;
    },
    async check() {
      const { runtime, built } = testApp();
      const thumbnail = await runtime.prisma.mediaObject.count({ where: { key: `feeds/${digest}/thumbnail.jpg` } });
      expect(thumbnail, 'not made by the killed instance').to.equal(0);
      const ran = await runtime.jobs.drain<PictureSizesJobData>(PICTURE_SIZES_KIND, (d) => built.pictureSizes.sizes.run(d), {
        retriesToo: true,
      });
      expect(ran).to.be.at.least(1);
      expect(
        await runtime.prisma.mediaObject.count({
          where: { key: { in: [`feeds/${digest}/mediumSize.jpg`, `feeds/${digest}/thumbnail.jpg`] } },
        }),
      ).to.equal(2);
      expect(await activeJobs(PICTURE_SIZES_KIND)).to.equal(0);
    },
  };
}

function webhookDelivery(): TakeOver {
  const received: { type: string; info: string | null; eventId: string }[] = [];
  let receiver: Server | undefined;
  let lead = 0;
  return {
    kind: WEBHOOK_KIND,
    outcome: "the event delivered, and its lead's later event after it",
    async arrange(takes) {
      const { built, runtime } = testApp();
      receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            id: string;
            type: string;
            data: { additionalInfo: string | null };
          };
          received.push({ type: event.type, info: event.data.additionalInfo, eventId: event.id });
          res.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
      const account = await createAccount();
      const listing = await pushAppListing(account);
      const hook = await api.put(
        '/api/rest/account/webhook',
        { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['lead.created', 'lead.updated'] },
        withKey(account),
      );
      expect(hook.status, hook.text).to.equal(200);
      const customer = await passwordCustomer();
      // this instance's own worker stands aside, so that the doomed one takes the lead's first event
      await built.webhooks.stop();
      try {
        const data = await takes(async () => {
          lead = (await applied(customer, listing.id, { additionalInfo: 'first' })).id;
        });
        const [first] = await runtime.prisma.webhookDelivery.findMany({ where: { leadId: lead }, orderBy: { id: 'asc' } });
        expect(data).to.deep.equal({ delivery: String(first!.id) });
        // the lead's next change, while its first event is held by the doomed instance
        const update = await api.put(`${P}/profile/applications/${lead}`, { additionalInfo: 'second' }, bearer(customer.accessToken));
        expect(update.status, update.text).to.equal(200);
      } finally {
        built.webhooks.start();
      }
    },
    async check() {
      const { runtime } = testApp();
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
        await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
      }
    },
  };
}

function alertCheck(): TakeOver {
  let listing = 0;
  return {
    kind: ALERT_CHECK_KIND,
    outcome: 'the listing matched once',
    async arrange(takes) {
      const { runtime } = testApp();
      const account = await createAccount({ tier: 'premium' });
      await api.put('/api/rest/inventory/developments/tk-dev', developmentPayload({ postcode: 'BN1 5FP' }), withKey(account));
      await api.put('/api/rest/inventory/properties/tk-home', propertyPayload('tk-dev'), withKey(account));
      const written = await api.put('/api/rest/listings/l-tk-home', listingPayload('tk-dev', ['tk-home']), withKey(account));
      expect(written.status).to.equal(201);
      listing = written.body.id as number;
      // the doomed instance takes this check, not one the other kinds' or another file's writes left
      await discardAlertChecks();
      const data = await takes(() => runtime.prisma.$transaction((tx) => new AlertChecks(runtime.jobs).listingsChanged(tx, [listing])));
      expect(data).to.deep.equal({ listing });
    },
    async check() {
      const { runtime, built } = testApp();
      const run = await built.alerts.matcher.runOnce();
      expect(run.checked).to.be.at.least(1);
      expect(await alertChecksOpen(listing)).to.equal(0);
      const state = await runtime.prisma.listingAlertState.findUniqueOrThrow({ where: { listingId: listing } });
      expect(state.live, 'the listing seen live: its new-listing event matched').to.equal(true);
      expect((await built.alerts.matcher.runOnce()).events, 'and not matched again').to.equal(0);
    },
  };
}

function alertDelivery(): TakeOver {
  let since = new Date();
  let customer: SignedIn;
  let searchId = 0;
  return {
    kind: ALERT_DELIVERY_KIND,
    outcome: 'the alert e-mail sent once by the other instance',
    async arrange(takes) {
      const { runtime, built } = testApp();
      const { prisma } = runtime;
      const account = await createAccount({ tier: 'premium' });
      await api.put('/api/rest/inventory/developments/tka-dev', developmentPayload({ postcode: 'BN1 5FP' }), withKey(account));
      await api.put('/api/rest/inventory/properties/tka-home', propertyPayload('tka-dev'), withKey(account));
      const written = await api.put('/api/rest/listings/l-tka-home', listingPayload('tka-dev', ['tka-home'], { name: 'Home of the killed run' }), withKey(account));
      expect(written.status).to.equal(201);
      // what other files left due goes first, so that the doomed instance's job is the only one waiting
      await built.alerts.deliverOnce();
      customer = await passwordCustomer();
      const search = await prisma.savedSearch.create({
        data: { customerId: customer.id, portalId: 1, name: 'Killed run', query: {}, alertFrequency: 'instant', unsubscribeToken: `tka-${Date.now()}`, forSale: true },
      });
      searchId = search.id;
      await prisma.alertMatch.create({ data: { savedSearchId: search.id, customerId: search.customerId, listingId: written.body.id as number, kind: 'new-listing', eventKey: `tka-${Date.now()}` } });
      since = new Date();
      const data = await takes(() => enqueueAlertDeliveries(runtime.jobs, null, [customer.id]));
      expect(data).to.deep.equal({ customer: customer.id });
    },
    async check() {
      const { runtime, built } = testApp();
      const { prisma } = runtime;
      // this instance takes the killed job again (the index may still lag the listing's write by a second)
      await eventually(async () => {
        await built.alerts.deliverOnce();
        expect(await prisma.alertMatch.count({ where: { savedSearchId: searchId, sentAt: null } })).to.equal(0);
      }, 20_000, 300);
      expect(await rerunJobs(ALERT_DELIVERY_KIND, since), 'the killed job, run again to its end').to.deep.equal({ retried: 1, open: 0 });
      await built.mails.delivery.runOnce({ retriesToo: true });
      expect((await built.alerts.deliverOnce()).emails, 'and not sent again').to.equal(0);
      await built.mails.delivery.runOnce({ retriesToo: true });
      const alerts = (await mailsTo(customer.email)).filter((m) => m.text.includes('Home of the killed run'));
      expect(alerts).to.have.length(1);
    },
  };
}

/**
 * Every kind, arranged and checked in this order. A kind goes here with its `arrange` and `check`. The
 * alert check comes last: its arrangement drops the checks that the other kinds' listings left waiting,
 * and its check runs once the retried feed import (whose listings make checks) is done.
 */
const TAKE_OVERS: (() => TakeOver)[] = [mailDelivery, stateJob, feedImport, pictureSizes, webhookDelivery, alertDelivery, alertCheck];

/** A child instance (test/support/job-victim.ts) that takes a job of each kind it is given and dies inside them. */
class DoomedInstance {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private wake = () => {};

  constructor() {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'test/support/job-victim.ts'], {
      env: process.env,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      // its log lines (a failing poll, say) go to the run's output
      if (!/^(working|inside) /.test(line)) process.stderr.write(`doomed instance: ${line}\n`);
      this.lines.push(line);
      this.wake();
    });
  }

  /** Works `kind` there, runs `enqueue`, and resolves with the data of the job the instance is then inside. */
  async takes(kind: string, enqueue: () => Promise<void>): Promise<unknown> {
    this.child.stdin!.write(`${kind}\n`);
    await this.read(`working ${kind}`);
    await enqueue();
    try {
      return JSON.parse(await this.read(`inside ${kind} `));
    } catch (err) {
      const jobs = await testApp().runtime.prisma.$queryRawUnsafe<object[]>(
        `SELECT state, retry_count, created_on, started_on, start_after, data FROM ${JOB_SCHEMA}.job WHERE name = $1 ORDER BY created_on DESC LIMIT 5`,
        kind,
      );
      throw new Error(`${(err as Error).message}; the kind's latest jobs: ${JSON.stringify(jobs)}`, { cause: err });
    }
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await once(this.child, 'exit');
  }

  private async read(prefix: string, withinMs = 60_000): Promise<string> {
    const until = Date.now() + withinMs;
    for (;;) {
      const at = this.lines.findIndex((l) => l.startsWith(prefix));
      if (at >= 0) return this.lines.splice(at, 1)[0]!.slice(prefix.length);
      if (this.child.exitCode !== null) throw new Error(`the doomed instance ended before printing ${prefix}`);
      if (Date.now() > until) throw new Error(`the doomed instance did not print ${prefix} within ${withinMs / 1000} s`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 200);
      });
    }
  }
}

/** Supervisor passes until the dead instance's jobs are no longer active (a pass claims a queue once every SUPERVISE_SECONDS across instances); returns the kinds still active. */
async function failedOver(kinds: string[]): Promise<string[]> {
  await sleep((HEARTBEAT_SECONDS + 1) * 1000);
  let active = kinds;
  for (let i = 0; i <= SUPERVISE_SECONDS * 2 && active.length > 0; i += 1) {
    if (i > 0) await sleep(1000);
    for (const kind of active) await testApp().runtime.jobs.supervise(kind);
    const counts = await Promise.all(active.map(async (kind) => [kind, await activeJobs(kind)] as const));
    active = counts.filter(([, n]) => n > 0).map(([kind]) => kind);
  }
  return active;
}

/** The kind's jobs completed since `since` after a retry, and those still waiting for a retry or running. */
async function rerunJobs(kind: string, since: Date): Promise<{ retried: number; open: number }> {
  const [jobs] = await testApp().runtime.prisma.$queryRawUnsafe<{ retried: number; open: number }[]>(
    `SELECT count(*) FILTER (WHERE state = 'completed' AND retry_count > 0 AND completed_on >= $2::timestamptz)::int AS retried,
            count(*) FILTER (WHERE state IN ('retry', 'active'))::int AS open
     FROM ${JOB_SCHEMA}.job WHERE name = $1`,
    kind,
    since,
  );
  return jobs!;
}

async function activeJobs(kind: string): Promise<number> {
  const [row] = await testApp().runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'active'`,
    kind,
  );
  return row!.n;
}

describe('a job whose instance is killed inside its handler (the job queue)', function () {
  this.timeout(90_000);
  const takeOvers = TAKE_OVERS.map((make) => make());

  it('lists every kind of the job queue here', () => {
    expect(Object.keys(QUEUES).sort()).to.deep.equal(takeOvers.map((t) => t.kind).sort());
  });

  describe('one instance killed inside a job of every kind at once', () => {
    /** what went wrong for a kind before its check (its arrangement, or its job not taken over) */
    const failed = new Map<string, unknown>();

    before(async function () {
      this.timeout(takeOvers.length * 60_000 + 60_000);
      const doomed = new DoomedInstance();
      const taken: string[] = [];
      try {
        for (const t of takeOvers) {
          try {
            await t.arrange((enqueue) => doomed.takes(t.kind, enqueue));
            taken.push(t.kind);
          } catch (err) {
            failed.set(t.kind, err);
          }
        }
      } finally {
        await doomed.kill();
      }
      for (const kind of taken) {
        try {
          expect(await activeJobs(kind), `the ${kind} job, not lost with its instance`).to.be.at.least(1);
        } catch (err) {
          failed.set(kind, err);
        }
      }
      for (const kind of await failedOver(taken)) failed.set(kind, new Error(`the ${kind} job of the killed instance is still active`));
    });

    for (const t of takeOvers) {
      it(`${t.kind}: taken over after the heartbeat stops, ${t.outcome}`, async () => {
        if (failed.has(t.kind)) throw failed.get(t.kind);
        await t.check();
      });
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
