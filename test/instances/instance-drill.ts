// The instance drill (npm run test:instances, through scripts/test-instances.sh, which prepares a
// database and an index prefix of its own): three instances of the service, each its own process on its
// own port, over one PostgreSQL and one Elasticsearch, behind HAProxy (from Debian, its configuration
// made here). Clients search and rename listings through the balancer while a BLM zip with pictures is
// imported; one instance is killed with SIGKILL in the middle and started again. Passes when every
// acknowledged write is stored and indexed, a write is seen through every instance within VISIBLE_BOUND_MS,
// the import ends `done` with its pictures served by every instance, and few requests failed while the
// instance died. A provider moves its leads along meanwhile: each acknowledged change e-mails its
// customer through the e-mail outbox and the job queue, and no e-mail may be sent twice, nor lost
// unless the killed instance had claimed it (at most once); each change is also a lead webhook to a
// receiver of the drill's (webhook-log.ts), which must receive every one at least once, and each lead's
// in the order of its changes. Customers register interest in a listing and book viewings of it, and new
// listings are published where others have instant saved searches (drill-mails.ts): each acknowledgement
// and each alert must be e-mailed once, never twice, and lost only if the killed instance had claimed it. `--short` runs the same in about a minute.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { ApiAccountService } from '../../src/api-accounts/api-account-service.ts';
import { feedFixture, picture, zipOf } from '../support/feeds.ts';
import { freePort } from '../support/free-port.ts';
import { digestOf, sizedKey } from '../../src/feeds/feed-media.ts';
import { startTestMailbox } from '../support/smtp-sink.ts';
import { JOB_SCHEMA } from '../../src/db/job-queue.ts';
import { MAIL_KIND } from '../../src/mail/mail-outbox.ts';
import { PICTURE_SIZES_KIND } from '../../src/feeds/picture-sizes.ts';
import { WEBHOOK_KIND } from '../../src/webhooks/webhook-job.ts';
import { newWebhookSecret } from '../../src/webhooks/webhook-signature.ts';
import { WebhookLog } from './webhook-log.ts';
import { DrillMails } from './drill-mails.ts';
import { ALERT_CHECK_KIND } from '../../src/alerts/alert-checks.ts';
import { ALERT_DELIVERY_KIND } from '../../src/alerts/alert-delivery-jobs.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SHORT = process.argv.includes('--short');
const SECONDS = Number(process.env.INSTANCES_SECONDS ?? (SHORT ? 20 : 60));
const KILL_AT_SECONDS = SECONDS / 3;
const RESTART_AFTER_SECONDS = 3;
const READERS = 6;
const WRITERS = 2;
/** leads moved along under load, each change e-mailed to its customer */
const LEADS = 8;
/** a write through one instance is seen through every other one within this (docs/scaling.md) */
const VISIBLE_BOUND_MS = 2000;
/** requests that may fail while an instance dies: those it held when killed (HAProxy retries only failed connections) */
const MAX_FAILED = 20;
const PLACES = ['London', 'Manchester', 'Leeds', 'Birmingham', 'Bristol', 'Cambridge', 'Reading', 'Oxford'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const runtime = openRuntime(config);
const { prisma } = runtime;

interface Instance {
  port: number;
  child: ChildProcess | null;
  log: string;
}

async function start(instance: Instance, publicBase: string, smtpPort: number): Promise<void> {
  // webhook retries from 5 s, as e-mails, rather than 30 s: a delivery the killed instance held is taken over within the run
  const env = { ...process.env, PORT: String(instance.port), HOST: '127.0.0.1', APP_ENV: 'test', LOG_LEVEL: 'warn', PUBLIC_BASE_URL: publicBase, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), WEBHOOK_RETRY_BASE_MS: '5000' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(instance.log, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  instance.child = child;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`an instance exited with ${child.exitCode}: see ${instance.log}`);
    if (await fetch(`http://127.0.0.1:${instance.port}/ready`).then((r) => r.ok, () => false)) return;
    await sleep(200);
  }
  throw new Error(`an instance was not ready in 2 minutes: see ${instance.log}`);
}

function haproxyConfig(port: number, instances: Instance[]): string {
  return `global
  maxconn 1024
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch
  retry-on conn-failure empty-response response-timeout
frontend portal
  bind 127.0.0.1:${port}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /ready
  # a killed instance refuses the check's connection at once; a busy one may take a while to answer it
  timeout check 3s
  default-server inter 500ms fall 2 rise 2
${instances.map((instance, i) => `  server i${i} 127.0.0.1:${instance.port} check`).join('\n')}
`;
}

async function main(): Promise<number> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'instances-'));
  const lbPort = await freePort();
  const base = `http://127.0.0.1:${lbPort}`;
  const instances: Instance[] = [];
  for (let i = 0; i < 3; i++) instances.push({ port: await freePort(), child: null, log: path.join(work, `instance-${i}.log`) });
  const provider = await prisma.housingProvider.create({ data: { name: `Instance drill ${Date.now()}`, contactEmail: 'drill@example.org' } });
  const accounts = new ApiAccountService(prisma);
  const { key } = await accounts.createAccount({ name: `Instance drill ${Date.now()}`, kind: 'provider', tier: 'premium', housingProviderId: provider.id });
  const owned = await prisma.listing.findMany({ where: { withdrawnAt: null, published: true }, select: { id: true, externalRef: true, accountId: true, developmentId: true }, orderBy: { id: 'asc' }, take: 400 });
  const byAccount = owned.filter((l) => l.accountId === owned[0]?.accountId);
  if (byAccount.length === 0) throw new Error('no listings: scripts/test-instances.sh seeds them');
  const ownerKey = await accounts.rotateKey(byAccount[0]!.accountId);
  const mailbox = await startTestMailbox();
  const smtpPort = mailbox.smtp.port;
  if (!smtpPort) throw new Error("the drill's mailbox has no SMTP port");
  // customers who applied for the owner's homes: their leads are moved along under load
  const stamp = Date.now();
  const leads: number[] = [];
  for (const [i, listing] of byAccount.slice(0, LEADS).entries()) {
    const customer = await prisma.customer.create({ data: { email: `drill-${stamp}-${i}@example.org`, createdVia: 'password', emailProvenAt: new Date(), firstName: 'Drill' } });
    const app = await prisma.application.create({ data: { customerId: customer.id, listingId: listing.id, eligibilityStatus: 'passed', listingSnapshot: { item: { name: `Drill home ${i}` } } } });
    leads.push(app.id);
  }
  // the owner's lead changes are posted to the drill's receiver
  const secret = newWebhookSecret();
  const hooks = new WebhookLog(secret, `drill-change-${stamp}-`);
  const hookUrl = await hooks.start();
  const endpoint = { url: hookUrl, events: ['lead.updated'], secret };
  await prisma.webhookEndpoint.upsert({ where: { accountId: byAccount[0]!.accountId }, create: { accountId: byAccount[0]!.accountId, ...endpoint }, update: endpoint });

  const haproxyFile = path.join(work, 'haproxy.cfg');
  writeFileSync(haproxyFile, haproxyConfig(lbPort, instances));
  const failures: string[] = [];
  let haproxy: ChildProcess | null = null;
  try {
    await Promise.all(instances.map((instance) => start(instance, base, smtpPort)));
    haproxy = spawn('haproxy', ['-f', haproxyFile, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
    haproxy.stderr!.pipe(createWriteStream(path.join(work, 'haproxy.log')));
    for (let i = 0; !(await fetch(`${base}/ready`).then((r) => r.ok, () => false)); i++) {
      if (i > 100) throw new Error('HAProxy did not answer');
      await sleep(100);
    }
    const development = await prisma.development.findUniqueOrThrow({ where: { id: byAccount[0]!.developmentId }, select: { externalRef: true, latitude: true, longitude: true } });
    const drillMails = new DrillMails(runtime, base, ownerKey, stamp, development);
    await drillMails.prepare();
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    let reads = 0;
    const failedReads: { at: number; what: string }[] = [];
    const acknowledged = new Map<number, string>();
    const failedWrites: { at: number; what: string }[] = [];
    let killedAt = 0;
    let killedWall = new Date();
    const loadStarted = new Date();
    let restartedAt = 0;

    const reader = async () => {
      while (performance.now() < deadline) {
        const query = new URLSearchParams({ location: pick(PLACES), radius: String(pick([3, 5, 10])), page: '1' });
        const res = await fetch(`${base}/api/rest/portal/search?${query}`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
        reads++;
        if (res?.status !== 200) failedReads.push({ at: performance.now() - started, what: `search -> ${res?.status ?? 'no answer'}` });
        await res?.arrayBuffer().catch(() => undefined);
      }
    };
    const writer = async (w: number) => {
      const mine = byAccount.filter((_, i) => i % WRITERS === w);
      for (let n = 0; performance.now() < deadline; n++) {
        const listing = mine[n % mine.length]!;
        const name = `Instance drill ${w}-${n}`;
        const res = await fetch(`${base}/api/rest/listings/${encodeURIComponent(listing.externalRef)}?api_key=${ownerKey}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
          signal: AbortSignal.timeout(10_000),
        }).catch(() => null);
        if (res?.status === 200) acknowledged.set(listing.id, name);
        else failedWrites.push({ at: performance.now() - started, what: `${listing.externalRef} -> ${res?.status ?? 'no answer'}` });
        await res?.arrayBuffer().catch(() => undefined);
      }
    };
    // the provider moves its leads along, each change with a note of its own that its e-mail carries
    const notes: string[] = [];
    const failedMoves: { at: number; what: string }[] = [];
    const mover = async () => {
      for (let n = 0; performance.now() < deadline; n++) {
        const note = `drill-change-${stamp}-${n}-end`;
        const res = await fetch(`${base}/api/rest/leads/${leads[n % leads.length]}?api_key=${ownerKey}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ stage: 'in-review', position: null, note }),
          signal: AbortSignal.timeout(10_000),
        }).catch(() => null);
        if (res?.status === 200) notes.push(note);
        else failedMoves.push({ at: performance.now() - started, what: `lead -> ${res?.status ?? 'no answer'}` });
        await res?.arrayBuffer().catch(() => undefined);
        await sleep(100);
      }
    };
    const victim = instances[1]!;
    const killer = async () => {
      await sleep(KILL_AT_SECONDS * 1000);
      victim.child!.kill('SIGKILL');
      killedAt = performance.now() - started;
      killedWall = new Date();
      await sleep(RESTART_AFTER_SECONDS * 1000);
      await start(victim, base, smtpPort);
      restartedAt = performance.now() - started;
    };
    // a zip with pictures, uploaded through the balancer before the kill: whichever instance runs it, every instance serves its pictures
    const importer = async () => {
      const photos = { 'HG01_IMG_00.jpg': await picture(1200, 800), 'HG02_IMG_00.jpg': await picture(1000, 700), 'ROSE1_IMG_00.jpg': await picture(900, 600), 'ROSE1_FLP_00.png': await picture(500, 500, 'png') };
      const digests = Object.values(photos).map(digestOf);
      const zip = zipOf({ 'ashford-sales.blm': feedFixture('ashford-sales.blm'), ...photos });
      const res = await fetch(`${base}/api/bulk/feeds/blm?api_key=${key}`, { method: 'POST', body: new Uint8Array(zip), headers: { 'content-type': 'application/zip' } });
      const queued = (await res.json()) as { id: string };
      if (res.status !== 202) return { id: '', status: `upload ${res.status}`, ms: 0, pictures: [] as string[], digests };
      const t0 = performance.now();
      for (;;) {
        const report = await fetch(`${base}/api/bulk/feeds/${queued.id}?api_key=${key}`).then((r) => (r.ok ? (r.json() as Promise<{ status: string; rows: { warnings: string[] }[] }>) : null), () => null);
        if (report && (report.status === 'done' || report.status === 'failed')) {
          const left = report.rows.flatMap((r) => r.warnings).filter((w) => /photo|floor plan|picture/i.test(w) && /left out/.test(w));
          return { id: queued.id, status: report.status, ms: performance.now() - t0, pictures: left, digests };
        }
        if (performance.now() - t0 > 120_000) return { id: queued.id, status: 'not done in 2 minutes', ms: performance.now() - t0, pictures: [], digests };
        await sleep(250);
      }
    };

    console.log(`instances: ${SECONDS} s of load through HAProxy on :${lbPort} to three instances, ${READERS} searching clients, ${WRITERS} writers; instance :${victim.port} killed (SIGKILL) at +${KILL_AT_SECONDS.toFixed(0)} s, started again ${RESTART_AFTER_SECONDS} s later`);
    const [, imported] = await Promise.all([Promise.all([...Array.from({ length: READERS }, reader), ...Array.from({ length: WRITERS }, (_, w) => writer(w)), mover(), killer(), drillMails.load(deadline)]), importer()]);

    // every acknowledged write stored and indexed
    const stored = await prisma.listing.findMany({ where: { id: { in: [...acknowledged.keys()] } }, select: { id: true, name: true } });
    const lostInDb = stored.filter((l) => l.name !== acknowledged.get(l.id)).length + (acknowledged.size - stored.length);
    for (let i = 0; (await prisma.listingOutbox.count()) > 0; i++) {
      if (i > 1200) break;
      await sleep(50);
    }
    await runtime.search.indices.refresh({ index: runtime.listingIndex.alias });
    const ids = [...acknowledged.keys()];
    const docs = ids.length ? await runtime.search.mget<{ name: string }>({ index: runtime.listingIndex.alias, ids: ids.map(String), _source_includes: ['name'] }) : { docs: [] };
    const lostInIndex = docs.docs.filter((d) => !('found' in d) || !d.found || d._source?.name !== acknowledged.get(Number(d._id))).length;

    // a write through the balancer, then read through each instance until it shows
    const visibleMs: number[] = [];
    for (const listing of byAccount.slice(0, SHORT ? 3 : 10)) {
      const name = `Visible ${Date.now()}`;
      const t0 = performance.now();
      await fetch(`${base}/api/rest/listings/${encodeURIComponent(listing.externalRef)}?api_key=${ownerKey}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
      for (const instance of instances) {
        for (;;) {
          const found = (await fetch(`http://127.0.0.1:${instance.port}/api/rest/listings/${encodeURIComponent(listing.externalRef)}?api_key=${ownerKey}`).then((r) => r.json(), () => null)) as { name?: string } | null;
          if (found?.name === name || performance.now() - t0 > 10_000) break;
          await sleep(20);
        }
      }
      visibleMs.push(performance.now() - t0);
    }
    visibleMs.sort((a, b) => a - b);

    // the import's pictures through every instance, with their caching header, once the picture-sizes
    // jobs the import enqueued (any instance's) have made the smaller sizes
    const sizingStarted = performance.now();
    const sizingLeft = async () =>
      (await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`, PICTURE_SIZES_KIND))[0]!.n;
    while ((await sizingLeft()) > 0 && performance.now() - sizingStarted < 60_000) await sleep(500);
    const urls = imported.digests.flatMap((digest) => (['thumbnail', 'mediumSize', 'largeSize'] as const).map((size) => `/media/${sizedKey(digest, size)}`));
    let served = 0;
    let notServed = 0;
    for (const url of urls) {
      for (const instance of instances) {
        const res = await fetch(`http://127.0.0.1:${instance.port}${url}`).catch(() => null);
        const ok = res?.status === 200 && res.headers.get('content-type') === 'image/jpeg' && /immutable/.test(res.headers.get('cache-control') ?? '');
        await res?.arrayBuffer().catch(() => undefined);
        if (ok) served++;
        else notServed++;
      }
    }

    // every change's e-mail: once, or lost only if the killed instance had claimed it; the jobs it held taken over
    const mailJobsLeft = async () =>
      (await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`, MAIL_KIND))[0]!.n;
    const drainStarted = performance.now();
    // the alerts matched and their runs done first: they enqueue e-mails
    const alertJobsLeft = async () =>
      (await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name IN ($1, $2) AND state IN ('created', 'retry', 'active')`, ALERT_CHECK_KIND, ALERT_DELIVERY_KIND))[0]!.n;
    while ((await alertJobsLeft()) > 0 && performance.now() - drainStarted < 120_000) await sleep(500);
    const alertsLeft = await alertJobsLeft();
    while ((await mailJobsLeft()) > 0 && performance.now() - drainStarted < 120_000) await sleep(500);
    const left = await mailJobsLeft();
    const received = await mailbox.received();
    const copies = notes.map((note) => received.filter((m) => m.text.includes(note)).length);
    const twice = copies.filter((c) => c > 1).length;
    const lostMails = copies.filter((c) => c === 0).length;
    const claimedUnsent = await prisma.outgoingMail.count({ where: { template: 'application-progress', to: { startsWith: `drill-${stamp}-` }, claimedAt: { not: null }, sentAt: null } });
    const retriedJobs = (kind: string) =>
      prisma.$queryRawUnsafe<{ n: number; lastSeconds: number | null }[]>(
        `SELECT count(*)::int AS n, extract(epoch FROM max(completed_on) - $3::timestamptz)::float8 AS "lastSeconds" FROM ${JOB_SCHEMA}.job WHERE name = $1 AND retry_count > 0 AND created_on >= $2::timestamptz`,
        kind,
        loadStarted,
        killedWall,
      );
    const [takenOver] = await retriedJobs(MAIL_KIND);
    const drilled = drillMails.verdict(received);
    // the drill's acknowledgement and alert e-mails the killed instance had claimed and never recorded sent
    const claimedByTemplate = async (template: string) =>
      prisma.outgoingMail.count({ where: { template, to: { startsWith: `drill-${stamp}-` }, claimedAt: { not: null }, sentAt: null } });
    const drilledClaimed = {
      registered: await claimedByTemplate('interest-registered'),
      booked: await claimedByTemplate('viewing-booked'),
      alerts: await claimedByTemplate('saved-search-alert'),
    };

    // every change's webhook: at least once, each lead's in the order of its changes; the jobs the killed instance held taken over
    const hookJobsLeft = async () =>
      (await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`, WEBHOOK_KIND))[0]!.n;
    while ((await hookJobsLeft()) > 0 && performance.now() - drainStarted < 180_000) await sleep(500);
    const hookJobs = await hookJobsLeft();
    const due = await prisma.webhookDelivery.findMany({ where: { leadId: { in: leads } }, select: { eventId: true, status: true } });
    const hookVerdict = hooks.verdict(due.map((d) => d.eventId));
    const [hooksTakenOver] = await retriedJobs(WEBHOOK_KIND);
    const arrivedChanges = new Set(hooks.arrivals.map((a) => a.change));
    const changesNotPosted = notes.filter((note) => !arrivedChanges.has(Number(/-(\d+)-end$/.exec(note)![1]))).length;

    const failedNearKill = [...failedReads, ...failedWrites, ...failedMoves].filter((f) => f.at >= killedAt - 1000);
    console.log(`  searches:  ${reads}, failed ${failedReads.length}${failedReads.length ? ` (${failedReads.slice(0, 3).map((f) => f.what).join(', ')})` : ''}`);
    console.log(`  writes:    ${acknowledged.size} listings renamed and acknowledged, ${failedWrites.length} failed${failedWrites.length ? ` (${failedWrites.slice(0, 3).map((f) => f.what).join(', ')})` : ''}`);
    console.log(`  kill:      requests failed while the instance died: ${failedNearKill.length}; killed at +${seconds(killedAt)}, ready again at +${seconds(restartedAt)}`);
    console.log(`  lost:      ${lostInDb} acknowledged writes not in the database, ${lostInIndex} not in the index`);
    console.log(`  visible:   a write through every instance after p50 ${percentile(visibleMs, 50).toFixed(0)} ms, max ${(visibleMs.at(-1) ?? 0).toFixed(0)} ms (bound ${VISIBLE_BOUND_MS} ms)`);
    console.log(`  e-mails:   ${notes.length} lead changes acknowledged, ${failedMoves.length} failed; e-mails sent twice: ${twice}; not received: ${lostMails} (claimed and never recorded sent, by the killed instance: ${claimedUnsent}); jobs left: ${left}`);
    console.log(
      `  acks:      ${drilled.due.registered} registrations, ${drilled.due.booked} viewings booked, ${drilled.due.alerts} alerts due (watchers × listings published); ` +
        `e-mailed twice: ${drilled.twice.registered}, ${drilled.twice.booked}, ${drilled.twice.alerts}; not received: ${drilled.lost.registered}, ${drilled.lost.booked}, ${drilled.lost.alerts} (claimed by the killed instance: ${drilledClaimed.registered}, ${drilledClaimed.booked}, ${drilledClaimed.alerts}); alert jobs left: ${alertsLeft}${drilled.failed.length ? `; refused: ${drilled.failed.slice(0, 3).join(', ')}` : ''}`,
    );
    console.log(`  take-over: ${takenOver!.n} e-mail jobs run again after their instance died${takenOver!.n ? `, the last done ${(takenOver!.lastSeconds ?? 0).toFixed(1)} s after the kill` : ''}`);
    console.log(
      `  webhooks:  ${hookVerdict.due} due, ${hookVerdict.delivered} delivered (${hookVerdict.received} posts, ${hookVerdict.repeated} events received again, ${hookVerdict.badSignatures} badly signed); ` +
        `acknowledged changes never posted: ${changesNotPosted}; leads out of order: ${hookVerdict.outOfOrder.length}; jobs left: ${hookJobs}; ` +
        `${hooksTakenOver!.n} jobs run again after their instance died (or their endpoint failed)`,
    );
    console.log(`  import:    ${imported.status} after ${seconds(imported.ms)}; pictures left out: ${imported.pictures.length}; ${urls.length} picture URLs, served by every instance ${served} of ${served + notServed} times`);

    if (failedReads.length + failedWrites.length + failedMoves.length > MAX_FAILED) failures.push(`${failedReads.length + failedWrites.length + failedMoves.length} requests failed (limit ${MAX_FAILED})`);
    if (notes.length === 0) failures.push('no lead change was acknowledged');
    if (twice) failures.push(`${twice} e-mails sent twice`);
    if (lostMails > claimedUnsent) failures.push(`${lostMails - claimedUnsent} e-mails never sent that no instance had claimed`);
    if (left) failures.push(`${left} e-mail jobs still waiting 2 minutes after the load`);
    if (drilled.due.registered === 0 || drilled.due.booked === 0 || drilled.due.alerts === 0) failures.push(`no registration, booking or alert to count (${JSON.stringify(drilled.due)})`);
    for (const [what, n] of Object.entries(drilled.twice)) if (n) failures.push(`${n} ${what} e-mails sent twice`);
    for (const [what, n] of Object.entries(drilled.lost)) {
      const claimed = drilledClaimed[what as keyof typeof drilledClaimed];
      if (n > claimed) failures.push(`${n - claimed} ${what} e-mails never sent that no instance had claimed`);
    }
    if (alertsLeft) failures.push(`${alertsLeft} alert jobs still waiting 2 minutes after the load`);
    if (hookVerdict.due === 0) failures.push('no lead webhook was recorded');
    if (hookVerdict.delivered < hookVerdict.due) failures.push(`${hookVerdict.due - hookVerdict.delivered} lead webhooks never received`);
    if (changesNotPosted) failures.push(`${changesNotPosted} acknowledged lead changes never posted to the webhook`);
    if (hookVerdict.outOfOrder.length) failures.push(`leads whose webhooks arrived out of order: ${hookVerdict.outOfOrder.join(', ')}`);
    if (hookVerdict.badSignatures) failures.push(`${hookVerdict.badSignatures} webhook posts badly signed`);
    if (hookJobs) failures.push(`${hookJobs} webhook jobs still waiting after the load`);
    if (lostInDb || lostInIndex) failures.push(`acknowledged writes lost: ${lostInDb} in the database, ${lostInIndex} in the index`);
    if ((visibleMs.at(-1) ?? Infinity) > VISIBLE_BOUND_MS) failures.push(`a write took ${(visibleMs.at(-1) ?? 0).toFixed(0)} ms to show through every instance`);
    if (imported.status !== 'done') failures.push(`the import ended ${imported.status}`);
    if (imported.pictures.length) failures.push(`the import left pictures out: ${imported.pictures.join('; ')}`);
    if (urls.length === 0 || notServed) failures.push(`pictures not served by every instance: ${notServed} of ${served + notServed} (${urls.length} URLs)`);
  } finally {
    haproxy?.kill('SIGTERM');
    for (const instance of instances) instance.child?.kill('SIGTERM');
    await mailbox.stop();
    await hooks.stop();
    await runtime.close();
  }
  for (const failure of failures) console.log(`  FAILED: ${failure}`);
  console.log(failures.length ? 'instances: FAILED' : 'instances: passed');
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
