import { expect } from 'chai';
import sharp from 'sharp';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { createAccount, eventually, withKey, type TestAccount } from '../support/factories.ts';
import { feedFixture, importBlm, picture, sizePictures, uploadBlm, zipOf } from '../support/feeds.ts';
import { FeedWriter } from '../../src/feeds/feed-writer.ts';
import { groupHomes } from '../../src/feeds/feed-grouping.ts';
import { parseBlm } from '../../src/feeds/blm/blm-parser.ts';
import { blmHome } from '../../src/feeds/blm/blm-home.ts';
import type { MediaSource } from '../../src/feeds/feed-home.ts';
import { DevelopmentService } from '../../src/inventory/development-service.ts';
import { PropertyService } from '../../src/inventory/property-service.ts';
import { ListingSyncService } from '../../src/listings/listing-sync-service.ts';
import { FileMemo } from '../../src/feeds/feed-write-memo.ts';
import type { PrismaClient } from '../../src/db/prisma.ts';

/** The client with its interactive transactions counted (`transactions()`). */
function countingTransactions(prisma: PrismaClient): { prisma: PrismaClient; transactions: () => number } {
  let begun = 0;
  const counting = new Proxy(prisma, {
    get(target, key) {
      if (key !== '$transaction') return Reflect.get(target, key) as unknown;
      return (...a: Parameters<PrismaClient['$transaction']>) => {
        begun++;
        return (target.$transaction as (...b: unknown[]) => unknown)(...a);
      };
    },
  });
  return { prisma: counting, transactions: () => begun };
}

/** photo addresses used as given; a zip name is not in the zip (the writer's tests send no zip) */
const urlsAsGiven = (source: MediaSource) => ('url' in source ? { largeSize: source.url, mediumSize: source.url, thumbnail: source.url } : 'is not in the zip');
/** a feed writer whose transactions go through `db`, its services on the test app's client */
const writerOn = (db: PrismaClient) => {
  const { prisma } = testApp().runtime;
  return new FeedWriter(db, { developments: new DevelopmentService(prisma), properties: new PropertyService(prisma), listings: new ListingSyncService(prisma) });
};
const HOLLY = 'rm:701:dev-holly-gardens-s-tn231aa';
const statusOf = (report: { rows: { agentRef: string; status: string }[] }) => Object.fromEntries(report.rows.map((r) => [r.agentRef, r.status]));

/** A BLM of the fixture's header and definition and only the records of these agents' refs (Windows-1252 kept). */
function onlyRecords(name: string, refs: string[]): Buffer {
  const text = feedFixture(name).toString('latin1');
  const [head, data] = text.split('#DATA#\r\n') as [string, string];
  const records = data.split('\r\n').filter((line) => refs.some((ref) => line.startsWith(`${ref}|`)));
  return Buffer.from(`${head.replace(/Property Count : \d+/, `Property Count : ${records.length}`)}#DATA#\r\n${records.join('\r\n')}\r\n#END#\r\n`, 'latin1');
}

describe('feeds: BLM import', () => {
  let account: TestAccount;
  let photos: Record<string, Buffer>;
  before(async () => {
    account = await createAccount({ tier: 'premium' });
    photos = {
      'HG01_IMG_00.jpg': await picture(2000, 1200),
      'HG02_IMG_00.jpg': await picture(1000, 700),
      'ROSE1_IMG_00.jpg': await picture(1800, 1200),
      'ROSE1_FLP_00.png': await picture(900, 900, 'png'),
    };
  });

  it("keeps the import report's path off the upload's: OPTIONS names POST only, GET is 405", async () => {
    const options = await fetch(`${testApp().baseUrl}/api/bulk/feeds/blm`, { method: 'OPTIONS' });
    expect(options.headers.get('allow')).to.equal('POST');
    const get = await fetch(`${testApp().baseUrl}/api/bulk/feeds/blm`);
    expect(get.status).to.equal(405);
    expect(get.headers.get('allow')).to.equal('POST');
  });

  it('imports a zip with its photos as a form: rows that cannot be homes refused alone, the 8 Holly Gardens flats one development with one listing', async () => {
    const report = await importBlm(account, zipOf({ 'ashford-sales.blm': feedFixture('ashford-sales.blm'), ...photos }), { form: true });
    expect(report.status).to.equal('done');
    expect(report.format).to.equal('blm');
    expect(report.counts).to.deep.equal({ rows: 16, created: 11, updated: 0, unchanged: 0, withdrawn: 0, rejected: 5 });
    const rejected = Object.fromEntries(report.rows.filter((r: { status: string }) => r.status === 'rejected').map((r: { agentRef: string; errors: { field: string }[] }) => [r.agentRef, r.errors.map((e) => e.field)]));
    expect(rejected).to.deep.equal({ NEG1: ['PRICE'], NOPC: ['POSTCODE1'], POA1: ['PRICE'], PARK1: ['PROP_SUB_ID'], LAND1: ['PROP_SUB_ID'] });
    const hollyRows = report.rows.filter((r: { agentRef: string }) => r.agentRef.startsWith('HG'));
    expect(hollyRows.map((r: { listing: string }) => r.listing)).to.deep.equal(Array(8).fill(HOLLY));
    // a postcode the postcode data does not hold is placed at its district's centre, and the row says so
    expect(hollyRows[0].warnings).to.include('TN23 1AA is not a postcode known here: placed at the centre of TN23');

    const listing = await api.get(`/api/rest/listings/${encodeURIComponent(HOLLY)}`, withKey(account));
    expect(listing.status).to.equal(200);
    expect(listing.body.properties).to.have.length(8);
    const dev = await api.get(`/api/rest/inventory/developments/${encodeURIComponent(HOLLY)}`, withKey(account));
    expect(dev.body).to.include({ name: 'Holly Gardens', newBuild: true, tenure: 'leasehold', postcode: 'TN23 1AA' });

    // searchable: the listing's public page, from the index
    const page = await eventually(async () => {
      const res = await api.get(`/api/rest/portal/listings/slug/${listing.body.slug}`);
      expect(res.status).to.equal(200);
      return res;
    });
    expect(page.body.bedrooms).to.deep.equal([1, 2]);
  });

  it('keeps the zip photos and serves them in the three sizes once the picture-sizes job has run; a URL is used as given', async () => {
    await sizePictures();
    const listing = await api.get(`/api/rest/listings/${encodeURIComponent(HOLLY)}`, withKey(account));
    const main = listing.body.mainImage as { thumbnail: string; mediumSize: string; largeSize: string };
    const widths: Record<string, number> = {};
    for (const size of ['thumbnail', 'mediumSize', 'largeSize'] as const) {
      const url = new URL(main[size]);
      expect(url.pathname).to.match(new RegExp(`^/media/feeds/[0-9a-f]{64}/${size}\\.jpg$`));
      const res = await fetch(new URL(url.pathname, testApp().baseUrl));
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('image/jpeg');
      widths[size] = (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width!;
    }
    expect(widths).to.deep.equal({ thumbnail: 320, mediumSize: 800, largeSize: 1600 });
    expect(listing.body.galleryImages).to.have.length(2);

    const rose = await api.get('/api/rest/inventory/properties/rm:701:ROSE1', withKey(account));
    expect(rose.body.floorplans).to.have.length(1);
    expect(rose.body.floorplans[0].thumbnailUrl).to.match(/\/thumbnail\.jpg$/);
    expect(rose.body).to.include({ energyEfficiencyRatingCurrent: null, bathrooms: 2, tenure: 'freehold', propertyType: 'Cottage' });
    const oak = await api.get('/api/rest/listings/rm:701:OAK7', withKey(account));
    expect(oak.body.mainImage).to.deep.equal({ largeSize: 'https://images.example.org/oak7.jpg', mediumSize: 'https://images.example.org/oak7.jpg', thumbnail: 'https://images.example.org/oak7.jpg' });
    expect((await fetch(new URL('/media/feeds/0000/thumbnail.jpg', testApp().baseUrl))).status).to.equal(404);
  });

  it('changes nothing when the same file comes again', async () => {
    const report = await importBlm(account, zipOf({ 'ashford-sales.blm': feedFixture('ashford-sales.blm'), ...photos }));
    expect(report.counts).to.deep.equal({ rows: 16, created: 0, updated: 0, unchanged: 11, withdrawn: 0, rejected: 5 });
  });

  it('withdraws a home the next whole-stock file leaves out, and takes a changed price', async () => {
    const before = await api.get('/api/rest/listings/rm:701:OAK7', withKey(account));
    await eventually(async () => expect((await api.get(`/api/rest/portal/listings/slug/${before.body.slug}`)).status).to.equal(200));
    const report = await importBlm(account, zipOf({ 'ashford-sales.blm': feedFixture('ashford-sales-next.blm'), ...photos }));
    expect(report.counts).to.deep.equal({ rows: 15, created: 0, updated: 1, unchanged: 9, withdrawn: 1, rejected: 5 });
    expect(statusOf(report)).to.include({ HG01: 'updated', OAK7: 'withdrawn' });
    expect(report.rows.find((r: { agentRef: string }) => r.agentRef === 'OAK7').listing).to.equal('rm:701:OAK7');
    expect((await api.get('/api/rest/listings/rm:701:OAK7', withKey(account))).status).to.equal(404);
    expect((await api.get('/api/rest/inventory/properties/rm:701:OAK7', withKey(account))).status).to.equal(404);
    await eventually(async () => expect((await api.get(`/api/rest/portal/listings/slug/${before.body.slug}`)).status).to.equal(404));
    const hg01 = await api.get('/api/rest/inventory/properties/rm:701:HG01', withKey(account));
    expect(hg01.body.fullMarketPrice).to.equal(195000);
  });

  it('withdraws nothing with partial=1', async () => {
    const report = await importBlm(account, zipOf({ 'part.blm': onlyRecords('ashford-sales-next.blm', ['ROSE1']), ...photos }), { query: { partial: '1' } });
    expect(report.counts).to.deep.equal({ rows: 1, created: 0, updated: 0, unchanged: 1, withdrawn: 0, rejected: 0 });
    expect((await api.get(`/api/rest/listings/${encodeURIComponent(HOLLY)}`, withKey(account))).status).to.equal(200);
    // the same row without its zip: the photos it names are left out, and the row says so
    const bare = await importBlm(account, onlyRecords('ashford-sales-next.blm', ['ROSE1']), { query: { partial: '1' }, contentType: 'text/plain' });
    expect(bare.rows[0].status).to.equal('updated');
    expect(bare.rows[0].warnings).to.include('photo ROSE1_IMG_00.jpg is not in the zip: left out');
    expect((await api.get(`/api/rest/listings/${encodeURIComponent(HOLLY)}`, withKey(account))).status).to.equal(200);
  });

  it('imports lettings (UTF-8, caret and hash): weekly rents as monthly, a rent per person refused', async () => {
    const report = await importBlm(account, feedFixture('canterbury-lettings.blm'), { contentType: 'text/plain' });
    expect(report.counts).to.deep.equal({ rows: 3, created: 2, updated: 0, unchanged: 0, withdrawn: 0, rejected: 1 });
    const l1 = await api.get('/api/rest/inventory/properties/rm:702:L1', withKey(account));
    expect(l1.body).to.include({ forSale: false, monthlyRent: 1300, rentalDeposit: 1300, furnitureStatus: 'furnished', tenure: null, bathrooms: null });
    // what the file did not say is unknown on the public pages too (the portal shows "Ask the provider")
    const listing = await api.get('/api/rest/listings/rm:702:L1', withKey(account));
    const details = await eventually(async () => {
      const res = await api.get(`/api/rest/portal/listings/slug/${listing.body.slug}/properties`);
      expect(res.status).to.equal(200);
      return res.body.data[0];
    });
    expect(details).to.include({ tenure: null, bathrooms: null, energyEfficiencyRatingCurrent: null, environmentalImpactRatingCurrent: null });
    expect(details.materialInformation).to.include({ tenure: null, epcBand: null, councilTaxBand: null });
  });

  it('refuses a malformed file with a 422 before anything is written', async () => {
    const { prisma } = testApp().runtime;
    const count = await prisma.feedImport.count();
    const res = await uploadBlm(account, feedFixture('malformed-field-count.blm'));
    expect(res.status).to.equal(422);
    expect(res.body.errors.file[0]).to.match(/record 1 has 27 fields where the #DEFINITION# has 28 columns/);
    const empty = await uploadBlm(account, Buffer.alloc(0));
    expect(empty.status).to.equal(422);
    const noBlm = await uploadBlm(account, zipOf({ 'photo.jpg': photos['HG01_IMG_00.jpg']! }), { form: true });
    expect(noBlm.status).to.equal(422);
    expect(noBlm.body.errors.file[0]).to.equal('the zip holds no .blm file');
    expect(await prisma.feedImport.count()).to.equal(count);
  });

  it('reads shared-ownership prices as the account says: full value, or the price of the share', async () => {
    const { prisma } = testApp().runtime;
    const other = await createAccount({ tier: 'premium' });
    await prisma.apiAccount.update({ where: { id: other.id }, data: { feedSharedOwnershipPrice: 'share-price' } });
    const cols = ['AGENT_REF', 'BRANCH_ID', 'ADDRESS_1', 'POSTCODE1', 'POSTCODE2', 'DISPLAY_ADDRESS', 'SUMMARY', 'STATUS_ID', 'BEDROOMS', 'PRICE', 'PRICE_QUALIFIER', 'SHARED_OWNERSHIP_PERCENTAGE', 'SHARED_OWNERSHIP_RENT', 'PROP_SUB_ID', 'TRANS_TYPE_ID', 'TENURE_TYPE_ID'];
    const row = ['SO1', '703', 'Flat 4 Quay House', 'TN23', '1AA', 'Quay House, Ashford', 'A shared-ownership flat.', '0', '2', '62,500', '9', '25', '450', '8', '1', '2'];
    const file = Buffer.from(`#HEADER#\nVersion : 3\nEOF : '|'\nEOR : '~'\n\n#DEFINITION#\n${cols.join('|')}|~\n\n#DATA#\n${row.join('|')}|~\n#END#\n`);
    const report = await importBlm(other, file);
    expect(report.counts.created).to.equal(1);
    const so = await api.get('/api/rest/inventory/properties/rm:703:SO1', withKey(other));
    expect(so.body).to.include({ isSharedOwnership: true, fullMarketPrice: 250000, minSharePercentage: 25, subsidisedMonthlyRent: 450 });
    const listing = await api.get('/api/rest/listings/rm:703:SO1', withKey(other));
    expect(listing.body.schemes).to.deep.equal(['shared-ownership']);
  });

  it('writes a home that another writer created after the file started as an existing one (its rows were not looked up: a unique violation, then looked up)', async () => {
    const late = await createAccount({ tier: 'premium' });
    const { prisma } = testApp().runtime;
    const apiAccount = await prisma.apiAccount.findUniqueOrThrow({ where: { id: late.id } });
    const writer = writerOn(prisma);
    const file = onlyRecords('ashford-sales.blm', ['OAK7']);
    const groups = groupHomes(parseBlm(file).records.map((r) => blmHome(r, 'full-value').home!));
    const memo = await writer.fileMemo(apiAccount, groups);
    // meanwhile, the same home by another import
    expect((await importBlm(late, file)).counts.created).to.equal(1);
    const [outcome] = await writer.writeGroup(apiAccount, groups[0]!, urlsAsGiven, () => [], memo);
    expect(outcome).to.include({ agentRef: 'OAK7', status: 'unchanged', listing: 'rm:701:OAK7' });
    expect(await prisma.property.count({ where: { accountId: late.id } })).to.equal(1);
  });

  it('writes several groups in one transaction, and each again alone when that one fails (a home another writer created meanwhile): the others created, that one found', async () => {
    const late = await createAccount({ tier: 'premium' });
    const { prisma } = testApp().runtime;
    const apiAccount = await prisma.apiAccount.findUniqueOrThrow({ where: { id: late.id } });
    const counting = countingTransactions(prisma);
    const writer = writerOn(counting.prisma);
    const file = onlyRecords('ashford-sales.blm', ['HG01', 'HG02', 'HG03', 'HG04', 'HG05', 'HG06', 'HG07', 'HG08', 'ROSE1', 'OAK7', 'FARM1']);
    const groups = groupHomes(parseBlm(file).records.map((r) => blmHome(r, 'full-value').home!));
    expect(groups.map((g) => g.homes.length)).to.deep.equal([8, 1, 1, 1]);

    // in one transaction
    const written = await writer.writeGroups(apiAccount, groups, urlsAsGiven, () => [], new FileMemo());
    expect(written.map((rows) => rows.map((r) => r.status))).to.deep.equal([Array(8).fill('created'), ['created'], ['created'], ['created']]);
    expect(counting.transactions()).to.equal(1);
    // what the writes left to the transaction's end, done once for all its groups: each home's first
    // price, each new listing's links to its homes, each listing marked for the index once
    const homes = await prisma.property.findMany({ where: { accountId: late.id }, select: { fullMarketPrice: true, priceChanges: { select: { change: true, price: true } } } });
    expect(homes).to.have.length(11);
    for (const home of homes) expect(home.priceChanges).to.deep.equal([{ change: 'added', price: home.fullMarketPrice }]);
    const listings = await prisma.listing.findMany({ where: { accountId: late.id }, select: { indexVersion: true, _count: { select: { properties: true } } } });
    expect(listings.map((l) => l._count.properties).sort()).to.deep.equal([1, 1, 1, 8]);
    expect(listings.map((l) => Number(l.indexVersion))).to.deep.equal([1, 1, 1, 1]);

    // another account's file, whose OAK7 another writer creates after the file started
    const other = await createAccount({ tier: 'premium' });
    const otherAccount = await prisma.apiAccount.findUniqueOrThrow({ where: { id: other.id } });
    const memo = await writer.fileMemo(otherAccount, groups);
    expect((await importBlm(other, onlyRecords('ashford-sales.blm', ['OAK7']))).counts.created).to.equal(1);
    const again = await writer.writeGroups(otherAccount, groups, urlsAsGiven, () => [], memo);
    const statuses = Object.fromEntries(again.flat().map((r) => [r.agentRef, r.status]));
    expect(statuses).to.deep.equal({ HG01: 'created', HG02: 'created', HG03: 'created', HG04: 'created', HG05: 'created', HG06: 'created', HG07: 'created', HG08: 'created', ROSE1: 'created', OAK7: 'unchanged', FARM1: 'created' });
    // the transaction of the four rolled back, then one a group (OAK7's twice: its rows looked up the second time)
    expect(counting.transactions()).to.equal(1 + 1 + 4 + 1);
    expect(await prisma.property.count({ where: { accountId: other.id } })).to.equal(11);
    expect(await prisma.listing.count({ where: { accountId: other.id } })).to.equal(4);
  });

  it('gives new homes of one name distinct slugs in one transaction, after those taken already', async () => {
    const { prisma } = testApp().runtime;
    const name = `Slug Lane ${Date.now()}, Ashford`;
    const groupsNamed = (refs: string[]) =>
      groupHomes(parseBlm(onlyRecords('ashford-sales.blm', refs)).records.map((r) => blmHome({ ...r, DISPLAY_ADDRESS: name }, 'full-value').home!));
    const writeAs = async (refs: string[]) => {
      const account = await createAccount({ tier: 'premium' });
      const apiAccount = await prisma.apiAccount.findUniqueOrThrow({ where: { id: account.id } });
      const counting = countingTransactions(prisma);
      const writer = writerOn(counting.prisma);
      const groups = groupsNamed(refs);
      const written = await writer.writeGroups(apiAccount, groups, urlsAsGiven, () => [], await writer.fileMemo(apiAccount, groups));
      expect(written.flat().map((r) => r.status)).to.deep.equal(refs.map(() => 'created'));
      expect(counting.transactions()).to.equal(1);
      return (await prisma.listing.findMany({ where: { accountId: account.id }, orderBy: { id: 'asc' }, select: { slug: true } })).map((l) => l.slug);
    };
    const base = (await writeAs(['ROSE1']))[0]!;
    expect(base).to.match(/^slug-lane-\d+-ashford$/);
    expect(await writeAs(['ROSE1', 'OAK7', 'FARM1'])).to.deep.equal([`${base}-2`, `${base}-3`, `${base}-4`]);
  });

  it("shows the job's progress in /metrics", async () => {
    const res = await api.get('/metrics');
    expect(res.status).to.equal(200);
    expect(res.text).to.match(/^portal_feed_imports\{status="queued"\} \d+$/m);
    const rows = Number(/^portal_feed_import_rows_total (\d+)$/m.exec(res.text)![1]);
    expect(rows).to.be.greaterThan(20);
  });

  it('is for premium accounts with a key, and shows an account only its own imports', async () => {
    const basic = await createAccount({ tier: 'basic' });
    expect((await uploadBlm(basic, feedFixture('canterbury-lettings.blm'))).status).to.equal(403);
    const partner = await createAccount({ tier: 'premium', kind: 'partner', partnerSource: 'blm-partner' });
    expect((await uploadBlm(partner, feedFixture('canterbury-lettings.blm'))).status).to.equal(403);
    const queued = await uploadBlm(account, feedFixture('canterbury-lettings.blm'));
    const stranger = await createAccount({ tier: 'premium' });
    expect((await api.get(`/api/bulk/feeds/${queued.body.id}`, withKey(stranger))).status).to.equal(404);
    expect((await api.get('/api/bulk/feeds/not-an-id', withKey(account))).status).to.equal(404);
  });
});
