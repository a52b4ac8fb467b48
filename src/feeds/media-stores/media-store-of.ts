// The picture store the configuration names (FEED_MEDIA_STORE).
import type { Config } from '../../config.ts';
import type pg from 'pg';
import type { MediaStore } from '../feed-media.ts';
import { PostgresMediaStore } from './postgres-media-store.ts';
import { S3MediaStore } from './s3-media-store.ts';

/** `pool`: the node-postgres pool under Prisma (db/prisma.ts), which the PostgreSQL store writes through */
export function mediaStore(config: Config, pool: Pick<pg.Pool, 'query'>): MediaStore {
  if (config.FEED_MEDIA_STORE !== 's3') return new PostgresMediaStore(pool);
  return new S3MediaStore({
    bucket: config.FEED_MEDIA_S3_BUCKET!,
    region: config.FEED_MEDIA_S3_REGION,
    ...(config.FEED_MEDIA_S3_ENDPOINT ? { endpoint: config.FEED_MEDIA_S3_ENDPOINT } : {}),
    forcePathStyle: config.FEED_MEDIA_S3_PATH_STYLE,
    prefix: config.FEED_MEDIA_S3_PREFIX,
  });
}
