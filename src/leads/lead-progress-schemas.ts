// The body of PATCH leads/{id}: the application's progress as the provider now tells it. The progress
// is set as a whole: `stage` is required, and a `note` or `position` left out is cleared (a note
// written for one stage is not carried into the next).
import * as yup from 'yup';
import { maxChars, trimmed } from '../core/validation.ts';
import { plainNumber, plainString, withJsonSchema } from '../sync/payload-fields.ts';
import { jsonObjectBody } from '../sync-api/write-schemas.ts';
import { PROGRESS_STAGES } from '../lead-lifecycle/application-progress.ts';

export const MAX_NOTE = 500;
export const MAX_POSITION = 1_000_000;

export const leadProgressSchema = jsonObjectBody(
  yup.object({
    stage: withJsonSchema(
      plainString()
        .oneOf(PROGRESS_STAGES, `stage must be one of: ${PROGRESS_STAGES.join(', ')}`)
        .defined('stage is required')
        .nonNullable('stage is required'),
      { description: 'the stage the application has reached' },
    ),
    position: withJsonSchema(
      plainNumber()
        .integer('position must be a whole number')
        .min(1, 'position must be at least 1')
        .max(MAX_POSITION, `position must be at most ${MAX_POSITION}`)
        .nullable()
        .default(null),
      { description: "the applicant's place in the queue (1 is next); null or left out when there is none" },
    ),
    note: withJsonSchema(
      maxChars(plainString().transform(trimmed), MAX_NOTE, `note must be at most ${MAX_NOTE} characters`)
        .transform((v: unknown) => (v === '' ? null : v))
        .nullable()
        .default(null),
      { description: 'shown to the applicant (in their account and the e-mail); null or left out for none' },
    ),
  }),
);
export type LeadProgressBody = yup.InferType<typeof leadProgressSchema>;
