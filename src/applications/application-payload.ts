// The Application resource and its eligibility decision.
import {
  about,
  dateTime,
  flag,
  integer,
  listOf,
  named,
  oneOf,
  optional,
  shape,
  text,
  withJsonSchema,
  type Payload,
} from '../core/openapi/payload-fields.ts';
import { customerPayload } from '../customers/customer-payload.ts';
import { appointmentPayload } from '../appointments/appointment-payload.ts';
import { listingItemPayload } from '../listings/listing-item-payload.ts';
import { propertyDetailsPayload } from '../listings/property-details-payload.ts';
import { PROGRESS_STAGES } from '../lead-lifecycle/application-progress.ts';

/** The statuses a decision and an application may show ("not-checked": eligibility was not decided). */
export const DECISION_STATUSES = ['passed', 'considered', 'incomplete', 'failed', 'not-checked'] as const;

export const decisionPayload = named(
  'Decision',
  withJsonSchema(
    shape({
      status: oneOf(DECISION_STATUSES),
      messages: about(
        listOf(text),
        'in plain English for the home seeker: when failed, one per failed rule (the value and the limit); when incomplete, one per value still needed; when considered, why; when passed, possibly next steps',
      ),
      successfulProperties: listOf(integer),
    }),
    {
      description: 'A decision other than passed always carries at least one message.',
      if: { properties: { status: { enum: ['considered', 'incomplete', 'failed'] } } },
      then: { properties: { messages: { minItems: 1 } } },
    },
  ),
);

export const progressPayload = named(
  'ApplicationProgress',
  about(
    shape({
      stage: oneOf(PROGRESS_STAGES),
      position: about(integer.nullable(), 'the place in the queue, when the provider gives one'),
      note: about(text.nullable(), "the provider's note to the applicant (at most 500 characters)"),
      sendDocumentsTo: about(
        shape({ provider: about(text, "the listing's housing provider"), email: about(text.nullable(), "the provider's contact e-mail, where the documents go; null when it gives none") }).nullable(),
        'while the stage is documents-requested: where to send the documents (the note says which); null at every other stage',
      ),
      updatedAt: dateTime,
      history: about(listOf(shape({ stage: oneOf(PROGRESS_STAGES), at: dateTime })), 'each stage entered, oldest first; the first is "received" at the enquiry'),
    }),
    'Where the application is, as its provider tells it (PATCH /api/rest/leads/{id}); "received" until the provider changes it',
  ),
);

export const applicationPayload = named(
  'Application',
  about(
    shape({
      id: integer,
      customer: optional(customerPayload),
      available: flag,
      listing: listingItemPayload,
      property: propertyDetailsPayload.nullable(),
      enquiryDate: dateTime,
      additionalInfo: text.nullable(),
      eligibilityStatus: oneOf(DECISION_STATUSES),
      isArchived: flag,
      decision: decisionPayload.nullable(),
      progress: progressPayload,
      appointments: listOf(appointmentPayload),
      nextAppointmentDateTime: dateTime.nullable(),
      updateToken: optional(text),
      updatedAt: dateTime,
      createdAt: dateTime,
    }),
    "`customer` only in the register-interest, single, owner's update and archive responses (never in the answer to an update made with the update token); `updateToken` only in the register-interest response",
  ),
);

export type ProgressPayload = Payload<typeof progressPayload>;
export type DecisionPayload = Payload<typeof decisionPayload>;
export type ApplicationPayload = Payload<typeof applicationPayload>;
