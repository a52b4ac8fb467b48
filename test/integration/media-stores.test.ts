// The picture stores every instance reads (docs/scaling.md): the same four operations against a real
// PostgreSQL (the default) and a real S3-compatible server (moto_server, installed from PyPI by
// scripts/ensure-system-packages.sh). What one instance puts, another instance's client reads.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { createDatabase } from '../../src/db/prisma.ts';
import { readAll, type MediaStore } from '../../src/feeds/feed-media.ts';
import { PostgresMediaStore } from '../../src/feeds/media-stores/postgres-media-store.ts';
import { S3MediaStore } from '../../src/feeds/media-stores/s3-media-store.ts';
import { testApp } from '../support/test-app.ts';
import { freePort } from '../support/free-port.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/core/project-root.ts';

const LOCAL_MOTO = path.join(PROJECT_ROOT, '.local/moto/bin/moto_server');
/** npm test's own moto (scripts/ensure-system-packages.sh), else one on the PATH */
const MOTO_SERVER = existsSync(LOCAL_MOTO) ? LOCAL_MOTO : 'moto_server';

function storeContract(name: string, open: () => { writer: MediaStore; reader: MediaStore }) {
  describe(`picture store: ${name}`, () => {
    it('keeps what it is given for another client to read, as a stream; says what it holds; deletes', async () => {
      const { writer, reader } = open();
      const key = `feeds/test/${randomBytes(8).toString('hex')}/largeSize.jpg`;
      const bytes = randomBytes(300_000);
      expect(await reader.exists(key)).to.equal(false);
      expect(await reader.get(key)).to.equal(null);
      await writer.put(key, bytes);
      expect(await reader.exists(key)).to.equal(true);
      const stream = await reader.get(key);
      expect(stream).to.not.equal(null);
      expect((await readAll(stream!)).equals(bytes)).to.equal(true);
      await writer.put(key, Buffer.from('again'));
      expect((await readAll((await reader.get(key))!)).toString()).to.equal('again');
      await reader.delete(key);
      expect(await writer.exists(key)).to.equal(false);
      expect(await writer.get(key)).to.equal(null);
      await writer.delete(key);
    });

    it('writes, finds and removes several keys together', async () => {
      const { writer, reader } = open();
      const base = `feeds/test/${randomBytes(8).toString('hex')}`;
      const medium = randomBytes(120_000);
      const thumbnail = randomBytes(20_000);
      expect(await reader.existing([])).to.deep.equal(new Set());
      await writer.putMany([
        { key: `${base}/mediumSize.jpg`, bytes: medium },
        { key: `${base}/thumbnail.jpg`, bytes: thumbnail },
      ]);
      expect(await reader.existing([`${base}/largeSize.jpg`, `${base}/mediumSize.jpg`, `${base}/thumbnail.jpg`])).to.deep.equal(new Set([`${base}/mediumSize.jpg`, `${base}/thumbnail.jpg`]));
      expect((await readAll((await reader.get(`${base}/mediumSize.jpg`))!)).equals(medium)).to.equal(true);
      expect((await readAll((await reader.get(`${base}/thumbnail.jpg`))!)).equals(thumbnail)).to.equal(true);
      await writer.deleteMany([`${base}/mediumSize.jpg`, `${base}/thumbnail.jpg`, `${base}/largeSize.jpg`]);
      expect(await reader.existing([`${base}/mediumSize.jpg`, `${base}/thumbnail.jpg`])).to.deep.equal(new Set());
    });

    it('moves keys to others inside the store, keeps a key held already, and says which had nothing to move', async () => {
      const { writer, reader } = open();
      const base = `feeds/test/${randomBytes(8).toString('hex')}`;
      const [one, two, held, late] = [randomBytes(90_000), randomBytes(40_000), randomBytes(30_000), randomBytes(20_000)];
      await writer.putMany([
        { key: `${base}/pending/1`, bytes: one },
        { key: `${base}/pending/2`, bytes: two },
        { key: `${base}/pending/3`, bytes: late },
        { key: `${base}/c.jpg`, bytes: held },
      ]);
      const pairs = [
        { from: `${base}/pending/1`, to: `${base}/a.jpg` },
        { from: `${base}/pending/2`, to: `${base}/b.jpg` },
        { from: `${base}/pending/3`, to: `${base}/c.jpg` },
        { from: `${base}/pending/gone`, to: `${base}/d.jpg` },
      ];
      expect(await writer.moveMany(pairs)).to.deep.equal(new Set([`${base}/a.jpg`, `${base}/b.jpg`, `${base}/c.jpg`]));
      expect((await readAll((await reader.get(`${base}/a.jpg`))!)).equals(one)).to.equal(true);
      expect((await readAll((await reader.get(`${base}/b.jpg`))!)).equals(two)).to.equal(true);
      expect((await readAll((await reader.get(`${base}/c.jpg`))!)).equals(held)).to.equal(true);
      expect(await reader.exists(`${base}/d.jpg`)).to.equal(false);
      expect(await writer.moveMany([])).to.deep.equal(new Set());
      await writer.deleteMany([`${base}/pending/1`, `${base}/pending/2`, `${base}/pending/3`, `${base}/a.jpg`, `${base}/b.jpg`, `${base}/c.jpg`]);
    });

    it('answers a key two writers move to at once to both, holding one of their pictures', async () => {
      const { writer, reader } = open();
      const base = `feeds/test/${randomBytes(8).toString('hex')}`;
      const [x, y] = [randomBytes(60_000), randomBytes(60_000)];
      for (let round = 0; round < 5; round++) {
        await writer.putMany([
          { key: `${base}/pending/x${round}`, bytes: x },
          { key: `${base}/pending/y${round}`, bytes: y },
        ]);
        const to = `${base}/same${round}.jpg`;
        const answers = await Promise.all([writer.moveMany([{ from: `${base}/pending/x${round}`, to }]), reader.moveMany([{ from: `${base}/pending/y${round}`, to }])]);
        expect(answers.map((a) => [...a])).to.deep.equal([[to], [to]]);
        const kept = await readAll((await reader.get(to))!);
        expect(kept.equals(x) || kept.equals(y)).to.equal(true);
        await writer.deleteMany([to, `${base}/pending/x${round}`, `${base}/pending/y${round}`]);
      }
    });

    it('refuses a key that could leave its place', async () => {
      const { writer } = open();
      let refused: unknown = null;
      await writer.put('feeds/../../etc/passwd', Buffer.from('x')).catch((err: unknown) => (refused = err));
      expect(String(refused)).to.match(/not a media key/);
    });
  });
}

describe('picture stores', () => {
  const other = { db: null as ReturnType<typeof createDatabase> | null };
  after(async () => other.db?.prisma.$disconnect());
  storeContract('PostgreSQL', () => {
    // another instance: its own connection pool to the same database
    other.db ??= createDatabase(testApp().runtime.config.DATABASE_URL, 2);
    return { writer: new PostgresMediaStore(testApp().runtime.pool), reader: new PostgresMediaStore(other.db.pool) };
  });

  it('PostgreSQL: a move that meets another writer renaming to the same key at once copies instead, and answers the key', async () => {
    const store = new PostgresMediaStore(testApp().runtime.pool);
    const base = `feeds/test/${randomBytes(8).toString('hex')}`;
    const [x, y] = [randomBytes(50_000), randomBytes(50_000)];
    const to = `${base}/same.jpg`;
    await store.putMany([
      { key: `${base}/pending/x`, bytes: x },
      { key: `${base}/pending/y`, bytes: y },
    ]);
    other.db ??= createDatabase(testApp().runtime.config.DATABASE_URL, 2);
    const rival = await other.db.pool.connect();
    try {
      await rival.query('BEGIN');
      await rival.query('UPDATE "MediaObject" SET "key" = $1 WHERE "key" = $2', [to, `${base}/pending/x`]);
      // the move waits on the rival's row under the unique key, then meets its commit
      const moving = store.moveMany([{ from: `${base}/pending/y`, to }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await rival.query('COMMIT');
      expect(await moving).to.deep.equal(new Set([to]));
    } finally {
      rival.release();
    }
    expect((await readAll((await store.get(to))!)).equals(x)).to.equal(true);
    await store.deleteMany([to, `${base}/pending/y`]);
  });

  const s3 = { server: null as ChildProcess | null, endpoint: '' };
  const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
  const bucket = 'portal-pictures';
  before(async function () {
    this.timeout(60_000);
    const port = await freePort();
    s3.endpoint = `http://127.0.0.1:${port}`;
    // installed by npm test into .local/moto (scripts/ensure-system-packages.sh)
    s3.server = spawn(MOTO_SERVER, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials });
    for (let tries = 0; ; tries++) {
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        break;
      } catch (err) {
        if (tries > 100) throw new Error(`moto_server did not start: ${String(err)}`, { cause: err });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    client.destroy();
  });
  after(() => s3.server?.kill('SIGTERM'));
  storeContract('S3-compatible (moto_server)', () => {
    const open = () => new S3MediaStore({ bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials, prefix: 'media/' });
    return { writer: open(), reader: open() };
  });
});
