// How a feed picture is sized: the import keeps its largest size (an upright baseline JPEG as sent, else
// one decode), the picture-sizes job makes the two smaller from it (one decode), all upright and encoded
// with libjpeg-turbo's baseline encoder (mozjpeg's progressive files cost three times the CPU); and the
// queue that prepares an import's pictures while its homes are written.
import { expect } from 'chai';
import sharp from 'sharp';
import { FeedMedia, IMAGE_SIZES, sizedKey } from '../../src/feeds/feed-media.ts';
import { MemoryStore } from '../support/memory-media-store.ts';
import { corruptScanJpeg } from '../support/bad-jpeg.ts';
import { PictureQueue } from '../../src/feeds/picture-queue.ts';

describe('feeds: picture sizes', () => {
  it('makes the three widths of a photo turned upright, as baseline JPEGs', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media');
    // 2000 x 1500 as stored, shown 1500 x 2000 (EXIF orientation 6: turned a quarter clockwise)
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#7a5' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    await store.put('feeds/pending/t/1', photo);
    const digest = 'a'.repeat(64);
    expect(await media.prepare('feeds/pending/t/1', digest)).to.equal(true);
    expect(await media.makeSmaller(digest)).to.equal('made');
    const expected = { largeSize: [1500, 2000], mediumSize: [IMAGE_SIZES.mediumSize, 1067], thumbnail: [IMAGE_SIZES.thumbnail, 427] };
    for (const [size, [width, height]] of Object.entries(expected)) {
      const meta = await sharp(store.files.get(sizedKey(digest, size as keyof typeof IMAGE_SIZES))!).metadata();
      expect({ size, format: meta.format, width: meta.width, height: meta.height, progressive: meta.isProgressive }).to.deep.equal({ size, format: 'jpeg', width, height, progressive: false });
    }
  });

  it('keeps an upright baseline JPEG within the largest size as sent, without its EXIF, and makes the two smaller from it', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media');
    const secret = 'GPS 51.50072N 0.12462W';
    const small = await sharp({ create: { width: 48, height: 36, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    const photo = await sharp(small).resize(1024, 768).jpeg({ quality: 85 }).withExif({ IFD0: { Copyright: secret } }).toBuffer();
    await store.put('feeds/pending/t/2', photo);
    const digest = 'b'.repeat(64);
    expect(await media.prepare('feeds/pending/t/2', digest)).to.equal(true);
    expect(await media.makeSmaller(digest)).to.equal('made');
    const largest = store.files.get(sizedKey(digest, 'largeSize'))!;
    expect(largest.includes(secret)).to.equal(false);
    // not encoded again: the same pixels as sent, bit for bit
    expect((await sharp(largest).raw().toBuffer()).equals(await sharp(photo).raw().toBuffer())).to.equal(true);
    const expected = { largeSize: [1024, 768], mediumSize: [800, 600], thumbnail: [320, 240] };
    for (const [size, [width, height]] of Object.entries(expected)) {
      const meta = await sharp(store.files.get(sizedKey(digest, size as keyof typeof IMAGE_SIZES))!).metadata();
      expect({ size, width: meta.width, height: meta.height, exif: meta.exif }).to.deep.equal({ size, width, height, exif: undefined });
    }
  });
});

describe('feeds: the largest size at the import, the smaller after it', () => {
  it('keeps only the largest size at the import; the job makes the two smaller from it, each within its width', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media');
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#357' } }).jpeg({ mozjpeg: false }).toBuffer();
    await store.put('feeds/pending/t/3', photo);
    const digest = 'c'.repeat(64);
    expect(await media.prepare('feeds/pending/t/3', digest)).to.equal(true);
    expect([...store.files.keys()].filter((k) => k.startsWith('feeds/c'))).to.deep.equal([sizedKey(digest, 'largeSize')]);
    expect(await media.stored([digest])).to.deep.equal({ largest: new Set([digest]), smaller: new Set() });
    expect(await media.makeSmaller(digest)).to.equal('made');
    expect(await media.stored([digest])).to.deep.equal({ largest: new Set([digest]), smaller: new Set([digest]) });
    for (const [size, width] of [['mediumSize', 800], ['thumbnail', 320]] as const) {
      expect((await sharp(store.files.get(sizedKey(digest, size))!).metadata()).width, size).to.be.at.most(width);
    }
  });

  it('serves the largest size for a smaller one not made yet, marked as standing in', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media');
    const digest = 'd'.repeat(64);
    expect(await media.sized(digest, 'thumbnail')).to.equal(null);
    await store.put(sizedKey(digest, 'largeSize'), Buffer.from('largest'));
    expect((await media.sized(digest, 'thumbnail'))?.exact).to.equal(false);
    expect((await media.sized(digest, 'largeSize'))?.exact).to.equal(true);
    await store.put(sizedKey(digest, 'thumbnail'), Buffer.from('thumbnail'));
    expect((await media.sized(digest, 'thumbnail'))?.exact).to.equal(true);
  });

  it('keeps a JPEG whose header is sound at the import without decoding it; the job finds that it does not decode', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media');
    await store.put('feeds/pending/t/4', await corruptScanJpeg());
    const digest = 'e'.repeat(64);
    expect(await media.prepare('feeds/pending/t/4', digest)).to.equal(true);
    expect(await media.makeSmaller(digest)).to.equal('cannot be read as a picture');
    expect(store.files.has(sizedKey(digest, 'thumbnail'))).to.equal(false);
    await media.forget(digest);
    expect(await media.makeSmaller(digest)).to.equal('gone');
  });
});

describe('feeds: a picture kept as sent at the upload, copied inside the store by the import', () => {
  it('keeps an upright baseline JPEG without its metadata at the upload; the import copies it as the largest size without reading it', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media');
    const secret = 'GPS 51.50072N 0.12462W';
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#468' } }).jpeg({ mozjpeg: false }).withExif({ IFD0: { Copyright: secret } }).toBuffer();
    expect(await media.keepPending('feeds/pending/t/5', photo)).to.equal(true);
    const pending = store.files.get('feeds/pending/t/5')!;
    expect(pending.includes(secret)).to.equal(false);
    // the import never reads the bytes back: only the store moves them
    store.get = () => Promise.reject(new Error('read back'));
    const digest = 'f'.repeat(64);
    // the other gone from the store since the upload: a row warning, as for any picture gone
    const moved = await media.moveAsSent([{ key: 'feeds/pending/t/5', digest }, { key: 'feeds/pending/t/6', digest: '1'.repeat(64) }]);
    expect(Object.fromEntries(moved)).to.deep.equal({ 'feeds/pending/t/5': true, 'feeds/pending/t/6': 'is not in the zip' });
    expect(store.files.get(sizedKey(digest, 'largeSize'))!.equals(pending)).to.equal(true);
  });

  it('keeps any other picture as sent at the upload, for the import to decode (a PNG, a JPEG to be turned, a JPEG wider than the largest size)', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media');
    const pictures = [
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#468' } }).png().toBuffer(),
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#468' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
      await sharp({ create: { width: IMAGE_SIZES.largeSize + 1, height: 48, channels: 3, background: '#468' } }).jpeg().toBuffer(),
    ];
    for (const [n, picture] of pictures.entries()) {
      expect(await media.keepPending(`feeds/pending/t/o${n}`, picture), `picture ${n}`).to.equal(false);
      expect(store.files.get(`feeds/pending/t/o${n}`)!.equals(picture), `picture ${n}`).to.equal(true);
    }
  });

  it('fails the rows of the pictures the store could not move', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media');
    store.moveMany = () => Promise.reject(new Error('connection reset'));
    expect((await media.moveAsSent([{ key: 'feeds/pending/t/7', digest: '2'.repeat(64) }])).get('feeds/pending/t/7')).to.deep.equal({ storeFailed: 'could not be written to the picture store (connection reset)' });
  });
});

describe('feeds: the picture queue of an import', () => {
  it('prepares in the order given, a few at a time, and lets a group through once its own pictures are ready', async () => {
    const begun: string[] = [];
    const finish = new Map<string, () => void>();
    const queue = new PictureQueue(['a', 'b', 'a', 'c', 'd'], (name) => {
      begun.push(name);
      return new Promise<void>((resolve) => finish.set(name, resolve));
    }, 2);
    await new Promise((r) => setImmediate(r));
    expect(begun).to.deep.equal(['a', 'b']);
    let bReady = false;
    const waitB = queue.ready(['b']).then(() => (bReady = true));
    finish.get('a')!();
    await new Promise((r) => setImmediate(r));
    expect(begun).to.deep.equal(['a', 'b', 'c']);
    expect(bReady).to.equal(false);
    finish.get('b')!();
    await waitB;
    expect(bReady).to.equal(true);
    // a name no home has is no wait
    await queue.ready(['unknown']);
    finish.get('c')!();
    await new Promise((r) => setImmediate(r));
    finish.get('d')!();
    await queue.stop();
    expect(begun).to.deep.equal(['a', 'b', 'c', 'd']);
  });

  it('throws a failure to the group waiting on that picture; once stopped, begins no more', async () => {
    const begun: string[] = [];
    let releaseB = () => {};
    const queue = new PictureQueue(['a', 'b', 'c', 'd'], async (name) => {
      begun.push(name);
      if (name === 'a') throw new Error('store down');
      if (name === 'b') await new Promise<void>((resolve) => (releaseB = resolve));
    }, 1);
    let thrown: unknown = null;
    await queue.ready(['a']).catch((err: unknown) => (thrown = err));
    expect(String(thrown)).to.contain('store down');
    await new Promise((r) => setImmediate(r));
    const stopped = queue.stop();
    releaseB();
    await stopped;
    expect(begun).to.deep.equal(['a', 'b']);
    // the skipped ones let their waiters through
    await queue.ready(['d']);
  });
});
