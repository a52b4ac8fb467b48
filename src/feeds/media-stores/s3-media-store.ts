// Feed pictures kept in S3-compatible object storage (FEED_MEDIA_STORE=s3): AWS S3, or any server that
// speaks its API (an endpoint and path-style addressing), through the AWS SDK for JavaScript v3.
import type { Readable } from 'node:stream';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { checkedKey, type MediaStore } from '../feed-media.ts';

export interface S3MediaStoreOptions {
  bucket: string;
  region: string;
  /** another S3-compatible server than AWS (unset: AWS) */
  endpoint?: string;
  /** bucket in the path rather than the host name, as most S3-compatible servers want */
  forcePathStyle?: boolean;
  /** unset: the SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a role, ...) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** prefix of every key, e.g. `portal/` */
  prefix?: string;
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3MediaStoreOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  }

  private key(key: string): string {
    return `${this.options.prefix ?? ''}${checkedKey(key)}`;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: this.key(key), Body: bytes, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
      return (answer.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
      return true;
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
  }

  /** a HEAD request a key, sixteen at a time */
  async existing(keys: string[]): Promise<Set<string>> {
    const held = new Set<string>();
    for (let at = 0; at < keys.length; at += 16) {
      const some = keys.slice(at, at + 16);
      (await Promise.all(some.map((key) => this.exists(key)))).forEach((there, i) => there && held.add(some[i]!));
    }
    return held;
  }

  /** one request an object: the last written last, so that its presence says the others are there */
  async putMany(entries: { key: string; bytes: Buffer }[]): Promise<void> {
    for (const { key, bytes } of entries) await this.put(key, bytes);
  }

  /**
   * A CopyObject request a pair whose `to` is not held already (the bytes copied by the server: S3 has no
   * rename), sixteen at a time; the `from` keys are left for the caller to remove (with the rest of an
   * import's pictures, in one go)
   */
  async moveMany(pairs: { from: string; to: string }[]): Promise<Set<string>> {
    const written = await this.existing(pairs.map((p) => p.to));
    const copy = async ({ from, to }: { from: string; to: string }) => {
      try {
        await this.client.send(new CopyObjectCommand({ Bucket: this.options.bucket, Key: this.key(to), CopySource: `${this.options.bucket}/${encodeURIComponent(this.key(from)).replace(/%2F/g, '/')}` }));
        written.add(to);
      } catch (err) {
        if (!missing(err)) throw err;
      }
    };
    const toCopy = pairs.filter((p) => !written.has(p.to));
    for (let at = 0; at < toCopy.length; at += 16) await Promise.all(toCopy.slice(at, at + 16).map(copy));
    return written;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
  }

  async deleteMany(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.delete(key)));
  }

  destroy(): void {
    this.client.destroy();
  }
}
