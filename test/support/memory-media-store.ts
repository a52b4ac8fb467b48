// A picture store in memory, for the unit tests of feed pictures.
import { Readable } from 'node:stream';
import type { MediaStore } from '../../src/feeds/feed-media.ts';

export class MemoryStore implements MediaStore {
  readonly files = new Map<string, Buffer>();
  async put(key: string, bytes: Buffer) {
    this.files.set(key, bytes);
  }
  async get(key: string) {
    const bytes = this.files.get(key);
    return bytes === undefined ? null : Readable.from([bytes]);
  }
  async exists(key: string) {
    return this.files.has(key);
  }
  async existing(keys: string[]) {
    return new Set(keys.filter((key) => this.files.has(key)));
  }
  async putMany(entries: { key: string; bytes: Buffer }[]) {
    for (const { key, bytes } of entries) this.files.set(key, bytes);
  }
  async moveMany(pairs: { from: string; to: string }[]) {
    const held = new Set<string>();
    for (const { from, to } of pairs) {
      const bytes = this.files.get(from);
      if (bytes !== undefined && !this.files.has(to)) this.files.set(to, bytes);
      this.files.delete(from);
      if (this.files.has(to)) held.add(to);
    }
    return held;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
  async deleteMany(keys: string[]) {
    for (const key of keys) this.files.delete(key);
  }
}
