// Payload and query string of the leads interface.
import * as yup from 'yup';
import { customerFieldsShape } from '../customers/customer-fields.ts';
import { emailField } from '../customers/email-address.ts';
import { dateTime } from '../sync/payload-fields.ts';
import { validate, trimmed } from '../core/validation.ts';

/** A listing or property named by the integrator's ref (string) or by its marketplace id (number). */
const refOrId = (field: string) =>
  yup
    .mixed<string | number>()
    .test(
      field,
      `${field} must be a reference (string) or a marketplace id (whole number)`,
      (v) => v == null || (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isInteger(v) && v > 0),
    );

export const pushedLeadSchema = yup.object({
  ...customerFieldsShape,
  email: emailField(),
  listing: refOrId('listing').required('listing is required'),
  property: refOrId('property').nullable(),
  source: yup
    .string()
    .typeError('source must be a string')
    .transform(trimmed)
    .required('source is required')
    .max(100, 'source must be at most 100 characters'),
  additionalInfo: yup.string().typeError('additionalInfo must be a string').transform(trimmed).max(5000).nullable(),
  enquiryDate: dateTime().nullable(),
});
export type PushedLead = yup.InferType<typeof pushedLeadSchema>;

const leadQuery = yup.object({
  updated_since: dateTime().nullable().default(null),
  listing: yup.string().nullable().default(null),
  status: yup
    .string()
    .nullable()
    .default(null)
    .oneOf(['passed', 'considered', 'incomplete', 'failed', null] as const, 'status must be passed, considered, incomplete or failed'),
});

export function parseLeadQuery(query: Record<string, unknown>) {
  const q = validate(leadQuery, query);
  return { updatedSince: q.updated_since ? new Date(q.updated_since) : null, listing: q.listing, status: q.status ?? null };
}
