// A feed import's pictures (docs/how-it-works.md, "The job queue"): the import keeps each picture's largest
// size and is done, its homes searchable, before the smaller sizes exist; until then a smaller size's URL
// answers the largest; the picture-sizes job makes them (within 800 and 320 px). A picture that passes the
// import's header check but does not decode is taken off its listing by the job (the index follows) and
// its row of the import gets a warning.
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { createAccount, eventually, withKey, type TestAccount } from '../support/factories.ts';
import { importBlm, sizePictures, zipOf } from '../support/feeds.ts';
import { corruptScanJpeg } from '../support/bad-jpeg.ts';

const COLUMNS = ['AGENT_REF', 'BRANCH_ID', 'ADDRESS_1', 'TOWN', 'POSTCODE1', 'POSTCODE2', 'DISPLAY_ADDRESS', 'SUMMARY', 'DESCRIPTION', 'STATUS_ID', 'BEDROOMS', 'PRICE', 'PROP_SUB_ID', 'TRANS_TYPE_ID', 'MEDIA_IMAGE_00', 'MEDIA_IMAGE_01'];

/** A BLM of flats for sale in Ashford, each row naming the pictures given. */
function blmOf(branch: string, rows: { ref: string; photos: string[] }[]): Buffer {
  const records = rows.map(({ ref, photos }, i) => {
    const values: Record<string, string> = {
      AGENT_REF: ref, BRANCH_ID: branch, ADDRESS_1: `${i + 1} Picture Row`, TOWN: 'Ashford', POSTCODE1: 'TN23', POSTCODE2: '1AA', DISPLAY_ADDRESS: `${i + 1} Picture Row, Ashford`,
      SUMMARY: 'A flat.', DESCRIPTION: '<p>A flat.</p>', STATUS_ID: '0', BEDROOMS: '2', PRICE: '210000', PROP_SUB_ID: '8', TRANS_TYPE_ID: '1',
      MEDIA_IMAGE_00: photos[0] ?? '', MEDIA_IMAGE_01: photos[1] ?? '',
    };
    return `${COLUMNS.map((c) => values[c]).join('^')}^~`;
  });
  return Buffer.from(`#HEADER#\nVersion : 3\nEOF : '^'\nEOR : '~'\nProperty Count : ${rows.length}\n#DEFINITION#\n${COLUMNS.join('^')}^~\n#DATA#\n${records.join('\n')}\n#END#\n`);
}

/** A photo of this run alone (noise: a digest of its own), a baseline JPEG `width` wide. */
async function photo(width: number, height: number): Promise<Buffer> {
  const noise = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } }).png().toBuffer();
  return sharp(noise).resize(width, height).jpeg({ mozjpeg: false, progressive: false }).toBuffer();
}

/**
 * A baseline JPEG whose header is sound (it passes the import's check) and whose coded data does not decode
 * ("bad Huffman code"): always the same picture, so that it fails the same way every run, with bytes of
 * this run after its end (which the import takes out) for a digest of its own.
 */
async function undecodable(): Promise<Buffer> {
  return Buffer.concat([await corruptScanJpeg(), Buffer.from(randomBytes(8).toString('hex'))]);
}

const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function stored(key: string): Promise<boolean> {
  return (await testApp().runtime.prisma.mediaObject.count({ where: { key } })) > 0;
}

/** A sized picture as the service answers it: its width and its Cache-Control. */
async function served(url: string): Promise<{ status: number; width: number | null; cache: string | null }> {
  const res = await fetch(new URL(new URL(url).pathname, testApp().baseUrl));
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, width: res.status === 200 ? ((await sharp(bytes).metadata()).width ?? null) : null, cache: res.headers.get('cache-control') };
}

/** The listing's page as the portal reads it from the search index, once the index holds it. */
async function indexedPage(slug: string, check: (body: any) => void = () => {}): Promise<any> {
  return eventually(async () => {
    const res = await api.get(`/api/rest/portal/listings/slug/${slug}`);
    expect(res.status).to.equal(200);
    check(res.body);
    return res.body;
  });
}

describe('feeds: the smaller picture sizes made after the import', () => {
  let account: TestAccount;
  before(async () => {
    account = await createAccount({ tier: 'premium' });
    // jobs other tests left: this file counts its own
    await sizePictures();
  });

  it('is done and searchable before the smaller sizes exist, serving the largest in their place; the job then makes them', async () => {
    const wide = await photo(1200, 900);
    const report = await importBlm(account, zipOf({ 'stock.blm': blmOf('771', [{ ref: 'PS1', photos: ['wide.jpg'] }]), 'wide.jpg': wide }));
    expect(report.status).to.equal('done');
    expect(report.counts.created).to.equal(1);
    expect(report.rows[0].warnings.filter((w: string) => w.includes('wide.jpg'))).to.deep.equal([]);

    const digest = digestOf(wide);
    const listing = await api.get('/api/rest/listings/rm:771:PS1', withKey(account));
    const main = listing.body.mainImage as { largeSize: string; mediumSize: string; thumbnail: string };
    for (const size of ['largeSize', 'mediumSize', 'thumbnail'] as const) expect(new URL(main[size]).pathname).to.equal(`/media/feeds/${digest}/${size}.jpg`);
    await indexedPage(listing.body.slug);
    // the import kept the largest size only
    expect(await stored(`feeds/${digest}/largeSize.jpg`)).to.equal(true);
    expect(await stored(`feeds/${digest}/mediumSize.jpg`)).to.equal(false);
    expect(await stored(`feeds/${digest}/thumbnail.jpg`)).to.equal(false);
    // a smaller size's URL answers the same picture, larger, and not to be kept for long
    expect(await served(main.thumbnail)).to.deep.equal({ status: 200, width: 1200, cache: 'public, max-age=60' });

    expect(await sizePictures()).to.be.at.least(1);
    expect(await served(main.largeSize)).to.deep.equal({ status: 200, width: 1200, cache: 'public, max-age=31536000, immutable' });
    expect(await served(main.mediumSize)).to.deep.equal({ status: 200, width: 800, cache: 'public, max-age=31536000, immutable' });
    expect(await served(main.thumbnail)).to.deep.equal({ status: 200, width: 320, cache: 'public, max-age=31536000, immutable' });
    // the same file again: its pictures are sized already, no job is left to run
    const again = await importBlm(account, zipOf({ 'stock.blm': blmOf('771', [{ ref: 'PS1', photos: ['wide.jpg'] }]), 'wide.jpg': wide }));
    expect(again.counts.unchanged).to.equal(1);
    expect(await sizePictures()).to.equal(0);
  });

  it('takes a picture that passed the header check but does not decode off its listing, and says so on its import', async () => {
    const bad = await undecodable();
    const good = await photo(900, 600);
    const report = await importBlm(account, zipOf({ 'stock.blm': blmOf('772', [{ ref: 'PB1', photos: ['bad.jpg', 'good.jpg'] }]), 'bad.jpg': bad, 'good.jpg': good }));
    expect(report.status).to.equal('done');
    // at the import, its header was all that was read: the listing shows it first
    const before = await api.get('/api/rest/listings/rm:772:PB1', withKey(account));
    expect(before.body.mainImage.largeSize).to.contain(digestOf(bad));
    expect(before.body.galleryImages).to.have.length(2);

    await sizePictures();
    const after = await api.get('/api/rest/listings/rm:772:PB1', withKey(account));
    expect(after.body.galleryImages.map((g: { largeSize: string }) => new URL(g.largeSize).pathname)).to.deep.equal([`/media/feeds/${digestOf(good)}/largeSize.jpg`]);
    expect(after.body.mainImage.largeSize).to.contain(digestOf(good));
    // the index follows through the outbox, as for any write
    await indexedPage(after.body.slug, (page) => expect(JSON.stringify(page)).not.to.contain(digestOf(bad)));
    // no size of it is served any more
    expect((await served(before.body.mainImage.thumbnail)).status).to.equal(404);
    expect((await served(before.body.mainImage.largeSize)).status).to.equal(404);
    const warned = await api.get(`/api/bulk/feeds/${report.id}`, withKey(account));
    expect(warned.body.status).to.equal('done');
    expect(warned.body.rows[0].warnings).to.include('picture bad.jpg cannot be read as a picture: taken off the listing');
    expect(await served(after.body.mainImage.thumbnail)).to.include({ status: 200, width: 320 });
  });
});
