// Feed pictures kept in PostgreSQL (the MediaObject table): the store every instance already shares, the
// default. A picture is a few MB at most, read in one query and handed on as a stream.
import { Readable } from 'node:stream';
import type { PrismaClient } from '../../db/prisma.ts';
import { checkedKey, type MediaStore } from '../feed-media.ts';

export class PostgresMediaStore implements MediaStore {
  constructor(private readonly prisma: PrismaClient) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const data = new Uint8Array(bytes);
    await this.prisma.mediaObject.upsert({ where: { key: checkedKey(key) }, create: { key, bytes: data }, update: { bytes: data } });
  }

  async get(key: string): Promise<Readable | null> {
    const row = await this.prisma.mediaObject.findUnique({ where: { key: checkedKey(key) }, select: { bytes: true } });
    return row ? Readable.from([Buffer.from(row.bytes)]) : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.prisma.mediaObject.count({ where: { key: checkedKey(key) } })) > 0;
  }

  async delete(key: string): Promise<void> {
    await this.prisma.mediaObject.deleteMany({ where: { key: checkedKey(key) } });
  }
}
