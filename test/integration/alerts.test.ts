// Saved-search alerts end to end on the real engine, database and mailbox: listings pushed through the
// sync API in Brighton (a place no other test uses), the alert job run with a chosen clock.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { P, bearer, passwordCustomer, type SignedIn } from '../support/customers.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { headersOf, mailsTo, smtpSink, type ReceivedMail } from '../support/smtp-sink.ts';
import { MailOutbox } from '../../src/mail/mail-outbox.ts';
import { QUEUES, startBackground } from '../../src/background.ts';
import { AlertDelivery } from '../../src/alerts/alert-delivery.ts';
import { AlertMatcher } from '../../src/alerts/alert-matcher.ts';
import { londonToInstant, instantToLondon, londonToday } from '../../src/core/london-time.ts';
import { dateInWords } from '../../src/core/date-time-format.ts';
import { FILTERS_VERSION } from '../../src/saved-searches/saved-search-criteria.ts';
import { alertChecksOpen, alertDeliveriesOpen } from '../support/alert-checks.ts';
import { AlertChecks } from '../../src/alerts/alert-checks.ts';
import { AlertJob } from '../../src/alerts/alert-job.ts';
import { enqueueAlertDeliveries } from '../../src/alerts/alert-delivery-jobs.ts';
import { JobQueue } from '../../src/db/job-queue.ts';

const SAVED = `${P}/profile/saved-searches`;
const PROPERTIES = '/api/rest/inventory/properties';
const HOUR = 3_600_000;
const brighton = { location: 'BN1 4BH', radius: 3 };

describe('saved-search alerts', function () {
  this.timeout(90_000);
  let account: TestAccount;
  let n = 0;

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    await api.put('/api/rest/inventory/developments/al-dev', developmentPayload({ postcode: 'BN1 5FP', displayAddress: 'Dyke Road, Brighton' }), withKey(account));
  });

  const job = () => testApp().built.alerts;
  /** Sends the outbox's e-mails, the alerts among them (the mail-delivery role's work), refused ones too. */
  const sendMails = () => testApp().built.mails.delivery.runOnce({ retriesToo: true });
  /** Matching, then delivery, as the job does each minute, then the outbox's e-mails sent. */
  const runJob = async (now = new Date()) => {
    await job().runOnce(now);
    await sendMails();
  };

  /** A live listing of one new property in Brighton, pushed through the sync API. */
  async function publish(property: Record<string, unknown> = {}, listing: Record<string, unknown> = {}) {
    const ref = `al-${++n}`;
    await api.put(`${PROPERTIES}/${ref}`, propertyPayload('al-dev', { fullMarketPrice: 250000, ...property }), withKey(account));
    const res = await api.put(`/api/rest/listings/l-${ref}`, listingPayload('al-dev', [ref], { name: `Brighton home ${n}`, ...listing }), withKey(account));
    expect(res.status).to.equal(201);
    return { ref, id: res.body.id as number, name: `Brighton home ${n}` };
  }

  /** A live listing of several homes in Brighton (`<ref>-<key>` each), pushed through the sync API. */
  async function publishHomes(homes: Record<string, Record<string, unknown>>) {
    const ref = `al-${++n}`;
    for (const [key, home] of Object.entries(homes)) await api.put(`${PROPERTIES}/${ref}-${key}`, propertyPayload('al-dev', home), withKey(account));
    const res = await api.put(`/api/rest/listings/l-${ref}`, listingPayload('al-dev', Object.keys(homes).map((key) => `${ref}-${key}`), { name: `Brighton home ${n}` }), withKey(account));
    expect(res.status).to.equal(201);
    return { ref, id: res.body.id as number, name: `Brighton home ${n}` };
  }

  async function customerWith(searches: { name: string; query: Record<string, unknown>; alerts?: Record<string, unknown> }[], profile: Record<string, unknown> = {}) {
    const customer = await passwordCustomer(profile);
    const ids: number[] = [];
    for (const s of searches) ids.push((await api.post(SAVED, { alerts: { frequency: 'instant' }, ...s }, bearer(customer.accessToken))).body.id);
    return { customer, ids };
  }

  /** Runs the job until the matcher has seen the listing (the index may lag the write by a second). */
  async function runUntilMatched(listingId: number, now = new Date()) {
    const { prisma } = testApp().runtime;
    await eventually(async () => {
      await runJob(now);
      expect(await alertChecksOpen(listingId)).to.equal(0);
      expect(await prisma.listingAlertState.findUnique({ where: { listingId } })).to.not.equal(null);
    }, 20_000, 300);
  }

  /**
   * Two instances, each with its own job queue and the alert-delivery role's worker, both asked at once
   * for the jobs of every customer with matches due (as their minute's ticks do) until `unsent` is 0;
   * says how many deliveries held one customer at once at most, and the e-mails they enqueued.
   */
  async function deliveredByTwoInstances(unsent: () => Promise<number>): Promise<{ mostAtOnce: number; emails: number }> {
    const { runtime, built } = testApp();
    const otherJobs = new JobQueue(runtime.config.DATABASE_URL, runtime.logger, QUEUES);
    const seen = { mostAtOnce: 0, emails: 0 };
    const holding = new Map<number, number>();
    const counted = (delivery: AlertDelivery): AlertDelivery => {
      const wrapped = Object.create(delivery) as AlertDelivery;
      wrapped.deliverTo = async (customers, now) => {
        for (const c of customers) {
          holding.set(c, (holding.get(c) ?? 0) + 1);
          seen.mostAtOnce = Math.max(seen.mostAtOnce, holding.get(c)!);
        }
        try {
          const run = await delivery.deliverTo(customers, now);
          seen.emails += run.emails;
          return run;
        } finally {
          for (const c of customers) holding.set(c, holding.get(c)! - 1);
        }
      };
      return wrapped;
    };
    const links = (built.alerts.delivery as unknown as { links: never }).links;
    const otherDelivery = new AlertDelivery(runtime.prisma, runtime.search, runtime.listingIndex.alias, new MailOutbox(otherJobs), links);
    // no minute's tick within the test: the jobs are the ones asked for here
    const never = '0 0 1 1 *';
    const instances = [new AlertJob(built.alerts.matcher, counted(built.alerts.delivery), runtime.jobs, runtime.logger), new AlertJob(built.alerts.matcher, counted(otherDelivery), otherJobs, runtime.logger)];
    for (const instance of instances) instance.start(never);
    try {
      await eventually(async () => {
        const due: number[] = [];
        for await (const page of built.alerts.delivery.customersWithDue()) due.push(...page);
        await Promise.all([enqueueAlertDeliveries(runtime.jobs, null, due), enqueueAlertDeliveries(otherJobs, null, due)]);
        expect(await unsent()).to.equal(0);
      }, 30_000, 200);
      // the jobs asked for last, done
      await eventually(async () => expect(await alertDeliveriesOpen()).to.equal(0), 30_000, 200);
    } finally {
      for (const instance of instances) await instance.stop();
      await otherJobs.stop();
    }
    return seen;
  }

  const alertsTo = async (c: SignedIn): Promise<ReceivedMail[]> => (await mailsTo(c.email)).filter((m) => /match/.test(m.subject));

  it('e-mails a listing published through the sync API to a matching instant saved search, once, and not to others', async () => {
    const { customer: matching } = await customerWith([{ name: 'Brighton up to 300k', query: { ...brighton, max_full_value: 300000 } }]);
    const { customer: tooCheap } = await customerWith([{ name: 'Brighton up to 200k', query: { ...brighton, max_full_value: 200000 } }]);
    const { customer: renter } = await customerWith([{ name: 'Brighton to rent', query: { ...brighton, occupancy_type: 'to-rent' } }]);
    const { customer: leeds } = await customerWith([{ name: 'Leeds', query: { location: 'Leeds', radius: 3 } }]);
    const listing = await publish();
    await runUntilMatched(listing.id);
    await runJob();

    const mails = await alertsTo(matching);
    expect(mails).to.have.length(1);
    expect(mails[0]!.text).to.include(listing.name).and.include('Brighton up to 300k');
    expect(mails[0]!.html).to.include(listing.name);
    const headers = await headersOf(mails[0]!);
    expect(headers['list-unsubscribe']).to.match(/^<http.*\/api\/rest\/portal\/alerts\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
    expect(headers['list-unsubscribe-post']).to.equal('List-Unsubscribe=One-Click');
    for (const other of [tooCheap, renter]) expect(await alertsTo(other), other.email).to.deep.equal([]);
    // (other tests' Leeds listings may well reach the Leeds one)
    expect((await alertsTo(leeds)).map((m) => m.text).join('\n')).to.not.include(listing.name);

    // the one-click unsubscribe from the header turns that saved search's alerts off
    const url = new URL(headers['list-unsubscribe']!.slice(1, -1));
    expect((await api.post(url.pathname, undefined)).status).to.equal(200);
    const [saved] = (await api.get(SAVED, bearer(matching.accessToken))).body.data;
    expect(saved.alerts.frequency).to.equal('off');
    expect(saved.newMatches).to.equal(1);
  });

  it("tells a signed-in customer whether each home is affordable on their profile, as the listing's own affordability says", async () => {
    const { customer: comfortable } = await customerWith([{ name: 'Brighton, comfortable', query: brighton }], { annualHouseholdIncome: 55000, deposit: 40000 });
    const { customer: stretched } = await customerWith([{ name: 'Brighton, stretched', query: brighton }], { annualHouseholdIncome: 12000, deposit: 1000 });
    const { customer: unknown } = await customerWith([{ name: 'Brighton, no income given', query: brighton }]);
    const listing = await publish();
    await runUntilMatched(listing.id);
    await runJob();
    for (const [customer, status] of [[comfortable, 'affordable'], [stretched, 'unaffordable']] as const) {
      // the API's verdict for the same customer and listing: its item in their search
      const found = await api.get(`${P}/search`, { query: { ...brighton, min_full_value: 250000, max_full_value: 250000, size: 100 }, ...bearer(customer.accessToken) });
      const item = found.body.data.find((i: { id: number }) => i.id === listing.id);
      expect(item?.affordability?.status, customer.email).to.equal(status);
      const [mail] = await alertsTo(customer);
      const words = status === 'affordable' ? 'You can afford this' : 'Not affordable for you';
      expect(mail!.text, customer.email).to.include(words);
      expect(mail!.html, customer.email).to.include(words);
    }
    // no income known: nothing said of affordability rather than a guess
    const [mail] = await alertsTo(unknown);
    expect(mail!.text).to.include(listing.name).and.not.match(/afford/i);
  });

  it('e-mails a price cut made through the sync API, once; a same-price write adds nothing', async () => {
    const listing = await publish({ fullMarketPrice: 320000 });
    await runUntilMatched(listing.id);
    const { customer } = await customerWith([{ name: 'Brighton reductions', query: { ...brighton, max_full_value: 310000 } }]);
    await api.patch(`${PROPERTIES}/${listing.ref}`, { fullMarketPrice: 320000 }, withKey(account));
    await runUntilMatched(listing.id);
    await api.patch(`${PROPERTIES}/${listing.ref}`, { fullMarketPrice: 299000 }, withKey(account));
    await runUntilMatched(listing.id);
    await runJob();
    const mails = await alertsTo(customer);
    expect(mails).to.have.length(1);
    expect(mails[0]!.text, mails[0]!.text).to.include(`Reduced: ${listing.name}\n  Shares from`).and.include('full price £299,000');
    // with its bedrooms, what it costs a month to buy, and the day of the cut in words
    expect(mails[0]!.text).to.match(/· (Studio|\d+ bedrooms?|\d+ to \d+ bedrooms) · About £[\d,]+ a month to buy/);
    expect(mails[0]!.text).to.include(`Reduced on ${dateInWords(londonToday())}`);
    expect(mails[0]!.html).to.include(`Reduced on ${dateInWords(londonToday())}`).and.include('<meta charset="utf-8">').and.include('name="viewport"');
    await runJob();
    expect(await alertsTo(customer)).to.have.length(1);
  });

  it('e-mails the price cut of an advertised home other than the headline, with the day of that cut', async () => {
    const listing = await publishHomes({ a: { propertyNumber: 'Apartment 701', fullMarketPrice: 300000 }, b: { propertyNumber: 'Apartment 702', fullMarketPrice: 420000 } });
    const { ref } = listing;
    await runUntilMatched(listing.id);
    const { customer } = await customerWith([{ name: 'Brighton cuts of any home', query: brighton }]);
    // the dearer home, not the headline, is cut: its listing's saved searches hear of it once
    await api.patch(`${PROPERTIES}/${ref}-b`, { fullMarketPrice: 399000 }, withKey(account));
    await runUntilMatched(listing.id);
    await runJob();
    const reduced = (await alertsTo(customer)).filter((m) => m.text.includes(`Reduced: ${listing.name}`));
    expect(reduced, 'one price-drop alert').to.have.length(1);
    expect(reduced[0]!.text).to.include(`Reduced on ${dateInWords(londonToday())}`);
    await runUntilMatched(listing.id);
    await runJob();
    expect((await alertsTo(customer)).filter((m) => m.text.includes(`Reduced: ${listing.name}`))).to.have.length(1);
  });

  it("sends no price-drop alert for a sold home's cut, while another home is advertised or when every home is sold; the advertised home's cut is sent", async () => {
    const listing = await publishHomes({ a: { propertyNumber: 'Apartment 606', fullMarketPrice: 300000 }, s: { propertyNumber: 'Apartment 609', fullMarketPrice: 280000, availabilityStatus: 'closed' } });
    const { ref } = listing;
    await runUntilMatched(listing.id);
    const { customer } = await customerWith([{ name: 'Brighton cuts', query: brighton }]);
    // the sold home's price is cut: not news
    await api.patch(`${PROPERTIES}/${ref}-s`, { fullMarketPrice: 250000 }, withKey(account));
    await runUntilMatched(listing.id);
    await runJob();
    expect((await alertsTo(customer)).map((m) => m.text).join('\n')).to.not.include(`Reduced: ${listing.name}`);
    // the available home's is
    await api.patch(`${PROPERTIES}/${ref}-a`, { fullMarketPrice: 295000 }, withKey(account));
    await runUntilMatched(listing.id);
    await runJob();
    const reduced = (await alertsTo(customer)).filter((m) => m.text.includes(`Reduced: ${listing.name}`));
    expect(reduced).to.have.length(1);
    expect(reduced[0]!.text).to.include('£295,000');
    // a development whose every home is sold: its cut is not news either
    const sold = await publish({ propertyNumber: 'Apartment 610', availabilityStatus: 'closed', fullMarketPrice: 260000 });
    await runUntilMatched(sold.id);
    await runJob();
    await api.patch(`${PROPERTIES}/${sold.ref}`, { fullMarketPrice: 240000 }, withKey(account));
    await runUntilMatched(sold.id);
    await runJob();
    expect((await alertsTo(customer)).map((m) => m.text).join('\n')).to.not.include(`Reduced: ${sold.name}`);
  });

  it('judges eligible_only with the customer profile', async () => {
    const eligibleProfile = { annualHouseholdIncome: 50000, eligibleCitizen: true, homeOwnershipStatus: 1 };
    const { customer: eligible } = await customerWith([{ name: 'Eligible', query: { ...brighton, eligible_only: true } }], eligibleProfile);
    const { customer: tooRich } = await customerWith([{ name: 'Eligible', query: { ...brighton, eligible_only: true } }], { ...eligibleProfile, annualHouseholdIncome: 120000 });
    const listing = await publish({}, { eligibility: { maxHouseholdIncome: 80000, eligibleCitizen: true, homeOwnershipStatuses: [1, 2, 3] } });
    await runUntilMatched(listing.id);
    await runJob();
    expect((await alertsTo(eligible)).map((m) => m.text).join()).to.include(listing.name);
    expect(await alertsTo(tooRich)).to.deep.equal([]);
  });

  it('judges affordable_only with the customer profile, and the budget and the distance from work as saved', async () => {
    // a 25% share of £250,000 with £500 rent: with 5% down, £59,375 borrowed, £330 + £500 = £830 a month;
    // with £30,000 down, £180.64 + £500 = £680.64, more than 40% of £15,000 a year (£500 a month)
    const canAfford = { annualHouseholdIncome: 80000, deposit: 30000 };
    const { customer: able } = await customerWith([{ name: 'Affordable', query: { ...brighton, affordable_only: true } }], canAfford);
    const { customer: unable } = await customerWith([{ name: 'Affordable', query: { ...brighton, affordable_only: true } }], { ...canAfford, annualHouseholdIncome: 15000 });
    const { customer: within } = await customerWith([{ name: 'Budget', query: { ...brighton, max_monthly_cost: 900 } }]);
    const { customer: beyond } = await customerWith([{ name: 'Budget', query: { ...brighton, max_monthly_cost: 800 } }]);
    const { customer: nearWork } = await customerWith([{ name: 'Near work', query: { ...brighton, max_distance_from_work: 2 } }], { workPostcode: 'BN1 4BH' });
    const { customer: farWork } = await customerWith([{ name: 'Near work', query: { ...brighton, work_postcode: 'LS2 7QJ', max_distance_from_work: 2 } }], { workPostcode: 'BN1 4BH' });
    const listing = await publish({ fullMarketPrice: 250000, minSharePercentage: 25, subsidisedMonthlyRent: 500, monthlyServiceCharge: null, annualGroundRent: null });
    await runUntilMatched(listing.id);
    await runJob();
    for (const c of [able, within, nearWork]) expect((await alertsTo(c)).map((m) => m.text).join(), c.email).to.include(listing.name);
    for (const c of [unable, beyond, farWork]) expect(await alertsTo(c), c.email).to.deep.equal([]);
  });

  it('sends daily alerts at 08:00 UK time and weekly ones on Monday at 08:00, with a fixed clock', async () => {
    const { customer: daily } = await customerWith([{ name: 'Daily', query: brighton, alerts: { frequency: 'daily' } }]);
    const { customer: weekly } = await customerWith([{ name: 'Weekly', query: brighton, alerts: { frequency: 'weekly' } }]);
    const listing = await publish();
    await runUntilMatched(listing.id);
    const { prisma } = testApp().runtime;
    const match = await prisma.alertMatch.findFirstOrThrow({ where: { listingId: listing.id, savedSearchId: (await prisma.savedSearch.findFirstOrThrow({ where: { customerId: daily.id } })).id } });
    // the first 08:00 in London after the match, and the first Monday 08:00 after that
    const found = instantToLondon(match.createdAt);
    let day = londonToInstant(found.date, '08:00') > match.createdAt ? found.date : nextDay(found.date);
    const nextEight = londonToInstant(day, '08:00');
    await runJob(new Date(nextEight.getTime() - 60_000));
    expect(await alertsTo(daily)).to.deep.equal([]);
    await runJob(nextEight);
    expect(await alertsTo(daily)).to.have.length(1);
    while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) day = nextDay(day);
    const monday = londonToInstant(day, '08:00');
    if (monday.getTime() > nextEight.getTime()) {
      expect(await alertsTo(weekly), 'not before Monday').to.deep.equal([]);
      await runJob(new Date(monday.getTime() - HOUR));
      expect(await alertsTo(weekly)).to.deep.equal([]);
      await runJob(monday);
    }
    // (a match made on a Sunday: its first 08:00 is the Monday's, which sends the weekly alert as well)
    expect(await alertsTo(weekly)).to.have.length(1);
    expect(await alertsTo(daily)).to.have.length(1);
  });

  it('delays alerts while the mail server is out, and loses none', async () => {
    const { customer } = await customerWith([{ name: 'Outage', query: brighton }]);
    const mailer = testApp().built.customers.mailer;
    const mailbox = await smtpSink();
    mailer.useSmtp({ host: '127.0.0.1', port: 9, secure: false });
    try {
      const listing = await publish();
      await runUntilMatched(listing.id);
      await runJob();
      expect(await alertsTo(customer)).to.deep.equal([]);
    } finally {
      mailer.useSmtp(mailbox.smtp);
    }
    await runJob();
    expect(await alertsTo(customer)).to.have.length(1);
  });

  it("queues one check a listing with the write that changes it: none for a write rolled back, one however often it is written before its check runs", async () => {
    const { runtime } = testApp();
    const checks = new AlertChecks(runtime.jobs);
    const first = await publish();
    const second = await publish();
    await runUntilMatched(first.id);
    await runUntilMatched(second.id);
    expect([await alertChecksOpen(first.id), await alertChecksOpen(second.id)]).to.deep.equal([0, 0]);
    await runtime.prisma
      .$transaction(async (tx) => {
        await checks.listingsChanged(tx, [first.id, second.id]);
        throw new Error('the write fails after its checks were queued');
      })
      .catch(() => undefined);
    expect([await alertChecksOpen(first.id), await alertChecksOpen(second.id)], 'rolled back with the write').to.deep.equal([0, 0]);
    // two writes of the first listing through the sync API, then one transaction naming both twice
    for (const price of [240000, 230000]) {
      const res = await api.patch(`${PROPERTIES}/${first.ref}`, { fullMarketPrice: price }, withKey(account));
      expect(res.status).to.equal(200);
    }
    await runtime.prisma.$transaction((tx) => checks.listingsChanged(tx, [second.id, first.id, second.id]));
    expect([await alertChecksOpen(first.id), await alertChecksOpen(second.id)]).to.deep.equal([1, 1]);
    await runUntilMatched(first.id);
    await runUntilMatched(second.id);
  });

  it('sends each alert once when two instances run the jobs at once', async () => {
    const { customer } = await customerWith([{ name: 'Twice', query: brighton }]);
    const { runtime, built } = testApp();
    const second = new AlertMatcher(runtime.prisma, (built.alerts.matcher as unknown as { deps: ConstructorParameters<typeof AlertMatcher>[1] }).deps);
    const listing = await publish();
    await eventually(async () => {
      await Promise.all([built.alerts.matcher.runOnce(), second.runOnce()]);
      expect(await alertChecksOpen(listing.id)).to.equal(0);
    }, 20_000, 300);
    const twice = await runtime.prisma.savedSearch.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(await runtime.prisma.alertMatch.count({ where: { listingId: listing.id, savedSearchId: twice.id } })).to.equal(1);
    const runs = await deliveredByTwoInstances(() => runtime.prisma.alertMatch.count({ where: { customerId: customer.id, sentAt: null } }));
    expect(runs.mostAtOnce, 'a customer served by one delivery at a time across the instances').to.equal(1);
    await sendMails();
    expect(await alertsTo(customer)).to.have.length(1);
  });

  it('leaves a listing on the very edge of a saved rectangle to the engine, and works out the filters a saved search lacks', async () => {
    const listing = await publish();
    const { matcher } = job();
    const { prisma } = testApp().runtime;
    const live = await eventually(async () => {
      const found = await matcher.liveEvents([listing.id]);
      expect(found.size).to.equal(1);
      return found.get(listing.id)!;
    }, 20_000, 300);
    const { lat, lon } = live.source.location as { lat: number; lon: number };
    const edge = { location: 'Brighton', lat, lng: lon, north: lat, south: lat - 0.01, east: lon + 0.01, west: lon - 0.01 };
    const { ids: [edgeId] } = await customerWith([{ name: 'Edge', query: edge }]);
    const { ids: [olderId] } = await customerWith([{ name: 'Saved before filters were kept', query: { ...brighton, max_full_value: 300000 } }]);
    await prisma.savedSearch.update({ where: { id: olderId }, data: { filters: null } });

    const result = await matcher.matchesOf(prisma, live, new Date());
    expect(result.byEngine).to.be.greaterThan(0);
    const engineShows = (await api.get(`${P}/search`, { query: { ...edge, size: 100 } })).body.data.some((i: { id: number }) => i.id === listing.id);
    expect(result.matched.some((m) => m.id === edgeId)).to.equal(engineShows);
    expect(result.matched.map((m) => m.id)).to.include(olderId);
    expect(JSON.parse((await prisma.savedSearch.findUniqueOrThrow({ where: { id: olderId } })).filters!)).to.deep.include({ v: FILTERS_VERSION });
  });

  it('serves many customers a page at a time, each e-mailed once though two instances run at once', async () => {
    const { prisma } = testApp().runtime;
    const listing = await publish();
    await runUntilMatched(listing.id);
    const stamp = `many-${Date.now()}`;
    const emails = Array.from({ length: 450 }, (_, i) => `${stamp}-${i}@alerts.example.org`);
    await prisma.customer.createMany({ data: emails.map((email) => ({ email, createdVia: 'password', firstName: 'Many' })) });
    const customers = await prisma.customer.findMany({ where: { email: { in: emails } }, select: { id: true } });
    await prisma.savedSearch.createMany({
      data: customers.map((c, i) => ({ customerId: c.id, portalId: 1, name: `Many ${i}`, query: brighton, alertFrequency: 'instant', unsubscribeToken: `${stamp}-${i}`, forSale: true })),
    });
    const searches = await prisma.savedSearch.findMany({ where: { customerId: { in: customers.map((c) => c.id) } }, select: { id: true, customerId: true } });
    await prisma.alertMatch.createMany({ data: searches.map((s) => ({ savedSearchId: s.id, customerId: s.customerId, listingId: listing.id, kind: 'new-listing', eventKey: stamp })) });

    const runs = await deliveredByTwoInstances(() => prisma.alertMatch.count({ where: { eventKey: stamp, sentAt: null } }));
    expect(runs.mostAtOnce, 'a customer served by one delivery at a time across the instances').to.equal(1);
    expect(runs.emails).to.be.at.least(450);
    await sendMails();
    const received = (await (await smtpSink()).received()).filter((m) => m.to.some((to) => to.startsWith(`${stamp}-`)));
    expect(received).to.have.length(450);
    expect(new Set(received.map((m) => m.to[0])).size).to.equal(450);
    expect(await prisma.alertMatch.count({ where: { eventKey: stamp, sentAt: null } })).to.equal(0);
  });

  it('sends nothing to a disabled customer', async () => {
    const { customer } = await customerWith([{ name: 'Disabled', query: brighton }]);
    await testApp().runtime.prisma.customer.update({ where: { id: customer.id }, data: { disabledAt: new Date() } });
    const listing = await publish();
    await runUntilMatched(listing.id);
    await runJob();
    expect(await alertsTo(customer)).to.deep.equal([]);
  });

  it('matches a listing as soon as the index holds it: its check a job taken at the write, not at the minute', async () => {
    const { built, runtime } = testApp();
    // as src/background.ts runs them: the alert-check role's worker takes the check the write enqueued,
    // matches it once the index holds the listing and enqueues a delivery run in that transaction, which
    // the alert-delivery role's worker takes at once (not at its minute's tick); the mail-delivery role's
    // worker sends the e-mail as soon as it is enqueued
    const roles = startBackground(runtime, built, ['alert-check', 'alert-delivery', 'mail-delivery']);
    try {
      const { customer } = await customerWith([{ name: 'Brighton at once', query: { ...brighton, max_full_value: 300000 } }]);
      const started = performance.now();
      const listing = await publish();
      await eventually(async () => {
        const [saved] = (await api.get(SAVED, bearer(customer.accessToken))).body.data;
        expect(saved.newMatches).to.equal(1);
      }, 30_000, 100);
      const counted = performance.now() - started;
      await eventually(async () => expect((await alertsTo(customer)).map((m) => m.text).join('\n')).to.include(listing.name), 30_000, 200);
      console.log(`      newMatches counted the listing ${(counted / 1000).toFixed(1)} s after its write, the e-mail was in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await roles.stop();
    }
  });
});

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
