// Payload and query string of the leads interface.
import * as yup from 'yup';
import { customerFieldsShape } from '../customers/customer-fields.ts';
import { emailField } from '../customers/email-address.ts';
import { pageFields, type PageOptions } from '../core/envelope.ts';
import { trimmed } from '../core/validation.ts';
import { isRecordId } from '../core/record-id.ts';
import { dateTime, externalRef, MAX_ID, optionalText, requiredText, withJsonSchema } from '../sync/payload-fields.ts';
import { NON_BLANK } from '../core/validation.ts';

const NOT_BLANK = new RegExp(NON_BLANK);
import { updatedSince } from '../sync-api/sync-query.ts';
import { jsonObjectBody } from '../sync-api/write-schemas.ts';

export const ELIGIBILITY_STATUSES = ['passed', 'considered', 'incomplete', 'failed'] as const;

/** A listing or property named by the integrator's ref (string) or by its marketplace id (number). */
const refOrId = (field: string, what: string) =>
  yup
    .mixed<string | number>()
    .test(
      field,
      `${field} must be a reference (string) or a marketplace id (whole number)`,
      (v) => v == null || (typeof v === 'string' && NOT_BLANK.test(v)) || isRecordId(v),
    )
    .meta({ jsonSchema: { type: ['string', 'integer'], pattern: NON_BLANK, minimum: 1, maximum: MAX_ID, description: what } });

export const pushedLeadSchema = jsonObjectBody(
  yup.object({
    ...customerFieldsShape,
    email: emailField(),
    listing: refOrId('listing', "one of the account's live listings, by ref or id; for a partner that republishes the marketplace, any live marketplace listing by id").defined('listing is required').nonNullable('listing is required'),
    property: refOrId('property', 'a property ref or id of that listing').nullable(),
    source: withJsonSchema(requiredText(100), { description: 'the platform the lead comes from' }),
    additionalInfo: optionalText(5000).transform(trimmed),
    enquiryDate: dateTime().nullable(),
  }),
);
export type PushedLead = yup.InferType<typeof pushedLeadSchema>;

/** The leads' query string: a page, and filters. */
const leadQuery = (page: PageOptions = {}) =>
  yup.object({
    ...pageFields(page),
    updated_since: updatedSince(),
    listing: withJsonSchema(externalRef().nullable().default(null), { description: 'only the leads on the listing with this externalRef' }),
    status: withJsonSchema(yup.string().nullable().default(null).oneOf(ELIGIBILITY_STATUSES, 'status must be passed, considered, incomplete or failed'), {
      description: 'only the leads with this eligibility status',
    }),
  });

export const BULK_LEAD_PAGE = 1000;
export const restLeadQuery = leadQuery();
export const bulkLeadQuery = leadQuery({ defaultSize: BULK_LEAD_PAGE, maxSize: BULK_LEAD_PAGE });
