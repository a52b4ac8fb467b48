// Configuration comes from environment variables only, validated once at start-up.
import * as yup from 'yup';

const httpUrl = () =>
  yup.string().test('http-url', '${path} must be an http(s) URL', (value) => {
    if (value === undefined) return true;
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  });

const schema = yup.object({
  APP_ENV: yup.string().oneOf(['development', 'test', 'live']).default('development'),
  HOST: yup.string().default('127.0.0.1'),
  PORT: yup.number().integer().min(0).max(65535).default(3000),
  DATABASE_URL: yup.string().required().matches(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL'),
  DATABASE_POOL_SIZE: yup.number().integer().min(1).default(10),
  ELASTICSEARCH_URL: httpUrl().required(),
  ES_INDEX_PREFIX: yup.string().matches(/^[a-z0-9_-]+$/, 'lower-case letters, digits, _ and - only').default('portal'),
  PUBLIC_BASE_URL: httpUrl().optional(),
  LOG_LEVEL: yup.string().oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: yup.string().default('1mb'),
  BULK_BODY_LIMIT: yup.string().default('20mb'),
  SHUTDOWN_TIMEOUT_MS: yup.number().integer().min(0).default(10000),
  /** run the reindex worker in this process (any number of processes may run it) */
  REINDEX_WORKER: yup.boolean().default(true),
  REINDEX_POLL_MS: yup.number().integer().min(10).default(200),
});

export type Config = yup.InferType<typeof schema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return schema.validateSync(env, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    if (err instanceof yup.ValidationError) {
      throw new ConfigError(`Invalid configuration:\n  ${err.errors.join('\n  ')}`);
    }
    throw err;
  }
}
