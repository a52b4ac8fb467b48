// OpenAPI: open-day appointments of the customer's applications.
import { dataEnvelope, engineUnavailable, errorResponse, json, pathParam, ref, validationResponse, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { bearer, unauthorised } from '../customers/customer-openapi.ts';
import { componentsOf, jsonBodyOf, parametersOf } from '../core/openapi/from-yup.ts';
import { appointmentPayload, availableAppointmentPayload } from './appointment-payload.ts';
import { calendarQuery, slotBodySchema } from './appointment-schemas.ts';
import { upcomingQuery } from '../applications/application-schemas.ts';

export const appointmentSchemas: Record<string, JsonSchema> = componentsOf(appointmentPayload, availableAppointmentPayload);

const tags = ['Appointments'];
const applicationId = pathParam('applicationId', 'application id', { type: 'string' });
const appointmentId = pathParam('appointmentId', 'appointment id', { type: 'string' });
const slotBody = jsonBodyOf(slotBodySchema);

export function appointmentPaths(): Record<string, unknown> {
  return {
    '/api/rest/portal/profile/applications/{applicationId}/available-appointments': {
      get: {
        tags,
        operationId: 'availableAppointments',
        summary:
          "Future open-day slots of the application's listing with a place left, grouped by date (UK time); none for an archived application, one that failed its eligibility, or one its provider marked unsuccessful or withdrawn",
        security: bearer,
        parameters: [applicationId],
        responses: {
          200: json(dataEnvelope(ref('AvailableAppointment'))),
          401: unauthorised,
          404: errorResponse('No such application of this customer'),
        },
      },
    },
    '/api/rest/portal/profile/applications/{applicationId}/appointments': {
      get: {
        tags,
        operationId: 'applicationAppointments',
        summary: "The application's appointments, in time order",
        security: bearer,
        parameters: [applicationId],
        responses: {
          200: json(dataEnvelope(ref('Appointment'))),
          401: unauthorised,
          404: errorResponse('No such application of this customer'),
        },
      },
      post: {
        tags,
        operationId: 'bookAppointment',
        summary:
          'Book an open-day slot. 409 while the application has an upcoming confirmed appointment, when the slot is full, or for an archived, failed, unsuccessful or withdrawn application; 422 for a slot that is not a future slot of the listing.',
        security: bearer,
        parameters: [applicationId],
        requestBody: slotBody,
        responses: {
          201: json(ref('Appointment'), 'Booked'),
          401: unauthorised,
          404: errorResponse('No such application of this customer'),
          409: errorResponse('An upcoming appointment exists, the slot is full, or the application is archived'),
          422: validationResponse,
        },
      },
    },
    '/api/rest/portal/profile/appointments': {
      get: {
        tags,
        operationId: 'listAppointments',
        summary: "All the customer's appointments, each with its application",
        security: bearer,
        parameters: parametersOf(upcomingQuery, 'query', { descriptions: { upcoming: '1/true upcoming confirmed, 0/false past confirmed, absent all (cancelled too)' } }),
        responses: { 200: json(dataEnvelope(ref('Appointment'))), 401: unauthorised, 422: validationResponse, 503: engineUnavailable },
      },
    },
    '/api/rest/portal/profile/appointments/{appointmentId}': {
      put: {
        tags,
        operationId: 'changeAppointment',
        summary: 'Move a confirmed upcoming appointment to another slot of the listing (remarks replaced when sent)',
        security: bearer,
        parameters: [appointmentId],
        requestBody: slotBody,
        responses: {
          200: json(ref('Appointment')),
          401: unauthorised,
          404: errorResponse('No such appointment of this customer'),
          409: errorResponse('Cancelled or past appointment, or the slot is full'),
          422: validationResponse,
        },
      },
    },
    '/api/rest/portal/appointments/{appointmentId}/calendar.ics': {
      get: {
        tags,
        operationId: 'appointmentCalendar',
        summary: "The appointment as an iCalendar file (RFC 5545), from its `ics` link: no sign-in, the link's token instead; a cancelled appointment is a cancelled event",
        parameters: [appointmentId, ...parametersOf(calendarQuery, 'query', { descriptions: { token: "the token of the appointment's `ics` link" } })],
        responses: {
          200: { description: 'The iCalendar file', content: { 'text/calendar': { schema: { type: 'string' } } } },
          404: errorResponse('No such appointment, or a wrong token'),
          422: validationResponse,
        },
      },
    },
    '/api/rest/portal/profile/appointments/{appointmentId}/cancel': {
      patch: {
        tags,
        operationId: 'cancelAppointment',
        summary: 'Cancel (irreversible); answers the cancelled appointment',
        security: bearer,
        parameters: [appointmentId],
        responses: {
          200: json(ref('Appointment')),
          401: unauthorised,
          404: errorResponse('No such appointment of this customer'),
          409: errorResponse('Already cancelled'),
        },
      },
    },
  };
}
