// Configuration comes from environment variables only, validated once at start-up.
import * as yup from 'yup';
import path from 'node:path';
import { engineUrls } from './search/engine-urls.ts';
import { localSecret } from './core/local-secret.ts';
import { PROJECT_ROOT } from './core/project-root.ts';

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const httpUrl = () => yup.string().test('http-url', '${path} must be an http(s) URL', (value) => value === undefined || isHttpUrl(value));

const httpUrlList = () =>
  yup
    .string()
    .test('http-urls', '${path} must be an http(s) URL, or several separated by commas', (value) => value === undefined || (engineUrls(value).length > 0 && engineUrls(value).every(isHttpUrl)));

const originList = () =>
  yup.string().test('origins', '${path} must be a comma-separated list of http(s) origins', (value) => {
    if (!value) return true;
    return value.split(',').every((origin) => {
      try {
        const url = new URL(origin.trim());
        return ['http:', 'https:'].includes(url.protocol) && url.origin === origin.trim().replace(/\/$/, '');
      } catch {
        return false;
      }
    });
  });

const schema = yup.object({
  APP_ENV: yup.string().oneOf(['development', 'test', 'live']).default('development'),
  HOST: yup.string().default('127.0.0.1'),
  PORT: yup.number().integer().min(0).max(65535).default(3000),
  DATABASE_URL: yup
    .string()
    .required()
    .matches(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL'),
  DATABASE_POOL_SIZE: yup.number().integer().min(1).default(10),
  /** one node, or the nodes of a cluster separated by commas (requests go round them, skipping a node that fails) */
  ELASTICSEARCH_URL: httpUrlList().required(),
  /** an encoded API key for the engine; wins over user:password in ELASTICSEARCH_URL */
  ELASTICSEARCH_API_KEY: yup.string().optional(),
  /** replicas of each shard of the listing index: 0 for a single node, 1 or more for a cluster to survive losing a node */
  ES_REPLICAS: yup.number().integer().min(0).default(0),
  ES_INDEX_PREFIX: yup
    .string()
    .matches(/^[a-z0-9_-]+$/, 'lower-case letters, digits, _ and - only')
    .default('portal'),
  /**
   * the service's public address: every absolute link it makes (pagination, feeds, previews, pictures,
   * calendars, e-mails) starts with it, never with the request's Host header; required when APP_ENV=live,
   * elsewhere http://localhost:PORT
   */
  PUBLIC_BASE_URL: httpUrl()
    .optional()
    .transform((v: string | undefined) => (v === '' ? undefined : v))
    .when('APP_ENV', { is: 'live', then: (s) => s.required('PUBLIC_BASE_URL is required when APP_ENV=live') }),
  LOG_LEVEL: yup.string().oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: yup.string().default('1mb'),
  BULK_BODY_LIMIT: yup.string().default('20mb'),
  SHUTDOWN_TIMEOUT_MS: yup.number().integer().min(0).default(10000),
  /** reverse proxies in front of the service that append to X-Forwarded-For; 0: the header is ignored and the client is the socket's peer */
  TRUSTED_PROXY_COUNT: yup.number().integer().min(0).max(10).default(0),
  /** run the reindex worker in this process (any number of processes may run it) */
  REINDEX_WORKER: yup.boolean().default(true),
  /** the saved-search alert job (matching and e-mails, every minute); any number of processes may run it */
  ALERT_JOB: yup.boolean().default(true),
  /** the mail delivery: sends the e-mail outbox's e-mails (registrations, bookings, progress); any number of processes may run it */
  MAIL_DELIVERY: yup.boolean().default(true),
  /** how often the reindex worker looks for changes when no notification woke it (a committed write wakes it at once) */
  REINDEX_POLL_MS: yup.number().integer().min(10).default(1000),
  /** after a batch, the worker refreshes the index at most once per this many ms (0: wait for the index's refresh interval, 500 ms) */
  REINDEX_REFRESH_GAP_MS: yup.number().integer().min(0).default(0),
  /** map listings kept in memory (by digest of their fields); 0 fetches them from the engine for every search */
  MAP_LISTING_CACHE_SIZE: yup.number().integer().min(0).default(100000),
  /** whole map arrays kept in memory (by fingerprint of the search's map listings), in MB per payload; 0: none */
  MAP_ARRAY_CACHE_MB: yup.number().min(0).default(16),
  /** search responses kept with the engine answer they were built from, sent again for the same answer; in MB, 0: none */
  SEARCH_RESPONSE_CACHE_MB: yup.number().min(0).default(32),
  /** engine answers kept by their requests, taken without asking the engine while the index is unchanged where they look; in MB, 0: none */
  SEARCH_ANSWER_CACHE_MB: yup.number().min(0).default(16),
  SEARCH_MEMO_BOUND_MS: yup.number().integer().min(0).default(1000),
  /** Prometheus metrics at GET /metrics (the request histogram costs one observe per request) */
  METRICS_ENABLED: yup.boolean().default(true),
  /** the bearer token GET /metrics asks for; in `live`, without it /metrics is not served at all */
  METRICS_TOKEN: yup
    .string()
    .optional()
    .transform((v: string | undefined) => (v === '' ? undefined : v))
    .min(16, 'METRICS_TOKEN must be at least 16 characters'),
  // ---------- the reference portal (web/) ----------
  /** the map's tile URL template (Leaflet's {s}, {z}, {x}, {y}); the portal works with its markers alone when tiles cannot load */
  PORTAL_TILE_URL: yup
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .test('tile-url', '${path} must be an http(s) URL template with {z}, {x} and {y}', (value) => {
      if (!value || !['{z}', '{x}', '{y}'].every((part) => value.includes(part))) return false;
      try {
        return ['http:', 'https:'].includes(new URL(value.replace(/\{[a-z]+\}/g, '0')).protocol);
      } catch {
        return false;
      }
    }),
  PORTAL_TILE_ATTRIBUTION: yup.string().default('© OpenStreetMap contributors'),
  // ---------- providers: listing performance and lead webhooks ----------
  /** count listing performance (search impressions, detail views, favourites, registrations, appointments) */
  LISTING_STATS: yup.boolean().default(true),
  /** how often impressions and views counted in memory are written to the database */
  LISTING_STATS_FLUSH_MS: yup.number().integer().min(100).default(1000),
  /** work the webhook-delivery job kind in this process (any number of processes may) */
  WEBHOOK_WORKER: yup.boolean().default(true),
  /** how often an idle webhook worker looks for deliveries whose retry is due (new ones wake it at once); 500 at least */
  WEBHOOK_POLL_MS: yup.number().integer().min(500).default(5000),
  /**
   * the first retry of a failed delivery comes after this long (whole seconds, the job queue's unit), then
   * about doubling with each failure up to WEBHOOK_RETRY_MAX_MS; retried for 24 hours in all
   */
  WEBHOOK_RETRY_BASE_MS: yup.number().integer().min(1000).default(30_000),
  WEBHOOK_RETRY_MAX_MS: yup.number().integer().min(1000).default(3_600_000),
  /** deliveries posted at once by a process, and at most for one account */
  WEBHOOK_CONCURRENCY: yup.number().integer().min(1).default(16),
  WEBHOOK_PER_ACCOUNT: yup.number().integer().min(1).default(4),
  // ---------- feeds (BLM files and RTDF pushes, docs/feeds.md) ----------
  /** run the feed import job in this process (any number of processes may run it; each import is run by one) */
  FEED_IMPORT_JOB: yup.boolean().default(true),
  /** homes of one import written at once */
  FEED_IMPORT_CONCURRENCY: yup.number().integer().min(1).max(32).default(4),
  /** the largest BLM or zip upload, in MB (larger is 413) */
  FEED_UPLOAD_LIMIT_MB: yup.number().min(1).default(200),
  /** imports run at once by one process, never two of one account (one account's long file never holds another's back) */
  FEED_IMPORTS_AT_ONCE: yup.number().integer().min(1).max(16).default(2),
  /** the most a zip may expand to, in MB (more is 413, told from the zip's directory before anything is inflated) */
  FEED_UNZIPPED_LIMIT_MB: yup.number().min(1).default(400),
  /** the most files a zip may hold (more is 422) */
  FEED_ZIP_MAX_FILES: yup.number().integer().min(1).default(30_000),
  /** how many times its compressed size an entry of more than 1 MB may expand to (more is 422) */
  FEED_ZIP_MAX_RATIO: yup.number().min(1).default(100),
  /** a feed picture of more pixels is not decoded (sharp's limitInputPixels) and left out */
  FEED_PICTURE_MAX_PIXELS: yup.number().integer().min(1).default(50_000_000),
  /** a feed picture whose three sizes take longer to make is left out, with a row warning */
  FEED_PICTURE_TIMEOUT_SECONDS: yup.number().integer().min(1).default(10),
  /** where the pictures of feed zips are kept (three sizes, and those of imports until they end): PostgreSQL, or S3-compatible object storage */
  FEED_MEDIA_STORE: yup.string().oneOf(['postgres', 's3']).default('postgres'),
  /** FEED_MEDIA_STORE=s3: the bucket (required then), its region, another server than AWS, path-style addressing, a prefix of every key */
  FEED_MEDIA_S3_BUCKET: yup.string().when('FEED_MEDIA_STORE', { is: 's3', then: (s) => s.required('FEED_MEDIA_S3_BUCKET is required when FEED_MEDIA_STORE=s3') }),
  FEED_MEDIA_S3_REGION: yup.string().default('us-east-1'),
  FEED_MEDIA_S3_ENDPOINT: httpUrl().optional(),
  FEED_MEDIA_S3_PATH_STYLE: yup.boolean().default(false),
  FEED_MEDIA_S3_PREFIX: yup.string().default(''),
  /** the public URL the pictures are served from (GET /media/... of this service, or an object store's or a CDN's); unset: /media at the request's origin */
  FEED_MEDIA_BASE_URL: httpUrl().optional(),
  // ---------- customer accounts ----------
  /**
   * HS256 key of the access tokens, preview links and calendar links: required (32+ characters) when
   * APP_ENV=live; unset elsewhere, a random key made at the first start and kept in .local/jwt-secret
   */
  JWT_SECRET: yup
    .string()
    .optional()
    .transform((v: string | undefined) => (v === '' ? undefined : v))
    .min(32, 'JWT_SECRET must be at least 32 characters')
    .when('APP_ENV', { is: 'live', then: (s) => s.required('JWT_SECRET is required when APP_ENV=live') }),
  ACCESS_TOKEN_TTL_SECONDS: yup.number().integer().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: yup.number().integer().min(1).default(30),
  MAGIC_LINK_TTL_MINUTES: yup.number().integer().min(1).default(30),
  /**
   * the portal origins magic links may point at (the `url` of the link requests), in every environment,
   * besides the service's own origin (PUBLIC_BASE_URL's, else http on localhost at the port a request
   * came in on), which is always allowed
   */
  PORTAL_ORIGINS: originList().default(''),
  /** deprecated: the former name of PORTAL_ORIGINS, used when PORTAL_ORIGINS is unset */
  MAGIC_LINK_ORIGINS: originList().default(''),
  /** the SMTP server e-mails go to: required when APP_ENV=live; unset, `npm start` runs a local mailbox (LOCAL_MAILBOX) */
  SMTP_HOST: yup
    .string()
    .optional()
    .when('APP_ENV', { is: 'live', then: (s) => s.required('SMTP_HOST is required when APP_ENV=live') }),
  /** default 587, or 465 with SMTP_SECURE */
  SMTP_PORT: yup.number().integer().min(1).max(65535).optional(),
  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it */
  SMTP_SECURE: yup.boolean().default(false),
  SMTP_USER: yup.string().optional(),
  SMTP_PASSWORD: yup.string().optional(),
  /** SMTP connections kept open and used side by side (a pool): alert runs send over all of them */
  SMTP_CONNECTIONS: yup.number().integer().min(1).max(100).default(8),
  MAIL_FROM: yup.string().default('Home-seeker portal <no-reply@homeseeker.example>'),
  /** run a development mailbox (SMTP and a web inbox) in this process when SMTP_HOST is unset; `npm start` sets it */
  LOCAL_MAILBOX: yup.boolean().default(false),
  MAILBOX_SMTP_PORT: yup.number().integer().min(1).max(65535).default(1025),
  MAILBOX_WEB_PORT: yup.number().integer().min(1).max(65535).default(1080),
  /** APP_ENV=test sends no e-mail (responses carry magicLink instead); true sends them too, as the project's tests do */
  TEST_ENV_SENDS_MAIL: yup.boolean().default(false),
  RATE_LIMIT_WINDOW_SECONDS: yup.number().integer().min(1).default(900),
  /** sign-in, magic-link and forgot-password requests per client IP and window */
  RATE_LIMIT_PER_IP: yup.number().integer().min(1).default(50),
  /** magic-link and password-reset e-mails per address and window */
  RATE_LIMIT_PER_EMAIL: yup.number().integer().min(1).default(5),
  /** failed password logins per address and window */
  RATE_LIMIT_LOGIN_FAILURES: yup.number().integer().min(1).default(10),
});

export type Config = Omit<yup.InferType<typeof schema>, 'JWT_SECRET'> & { JWT_SECRET: string };

/** where an instance keeps what it makes for itself (the development signing key) */
export const LOCAL_DIR = path.join(PROJECT_ROOT, '.local');

export class ConfigError extends Error {}

/** The base of every absolute link the service makes: PUBLIC_BASE_URL, else the service on this machine. */
export function publicBaseUrlOf(config: Pick<Config, 'PUBLIC_BASE_URL' | 'PORT'>): string {
  return (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, localDir = LOCAL_DIR): Config {
  try {
    const config = schema.validateSync(env, { abortEarly: false, stripUnknown: true });
    return { ...config, JWT_SECRET: config.JWT_SECRET ?? localSecret(localDir) };
  } catch (err) {
    if (err instanceof yup.ValidationError) {
      throw new ConfigError(`Invalid configuration:\n  ${err.errors.join('\n  ')}`);
    }
    throw err;
  }
}
