// The query string of a listing's statistics.
import * as yup from 'yup';
import { isoDate } from '../sync/payload-fields.ts';
import { withJsonSchema } from '../core/validation.ts';

/** the longest range asked for at once, in days (both ends included) */
export const MAX_STATS_DAYS = 366;
/** the range without `from`: this many days up to `to` */
export const DEFAULT_STATS_DAYS = 30;

export const statsQuery = yup.object({
  from: withJsonSchema(isoDate().nullable().default(null), {
    description: `first day (UK), YYYY-MM-DD; default ${DEFAULT_STATS_DAYS - 1} days before \`to\``,
  }),
  to: withJsonSchema(isoDate().nullable().default(null), {
    description: `last day (UK), YYYY-MM-DD; default today; at most ${MAX_STATS_DAYS} days from \`from\``,
  }),
});
export type StatsQuery = yup.InferType<typeof statsQuery>;
