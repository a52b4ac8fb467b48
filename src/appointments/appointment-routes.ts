// Open-day appointments of the signed-in customer's applications. Bearer token required.
import { collection } from '../core/envelope.ts';
import { NotFoundError } from '../core/errors.ts';
import { pathId } from '../core/path-id.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, pathParam, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from '../auth/bearer.ts';
import { bearer, unauthorised } from '../customers/customer-openapi.ts';
import { presentAvailableSlots } from './appointment-presenter.ts';
import { calendarQuery, slotBodySchema, upcomingQuery } from './appointment-schemas.ts';
import type { AppointmentService } from './appointment-service.ts';
import { icsOf, type AppointmentCalendar, type AppointmentPlace } from './appointment-calendar.ts';
import type { AppointmentPayload } from './appointment-payload.ts';
import type { Appointment } from '../generated/prisma/client.ts';

const APPS = '/api/rest/portal/profile/applications';
const APPOINTMENTS = '/api/rest/portal/profile/appointments';

/** How appointments are shown with their applications and listings (the applications' views). */
export interface AppointmentViews {
  appointments(appointments: Appointment[]): Promise<AppointmentPayload[]>;
  appointmentsWithApplications(appointments: Appointment[], customerId: number): Promise<AppointmentPayload[]>;
  placesOf(applicationIds: number[]): Promise<Map<number, AppointmentPlace>>;
}

export interface AppointmentDeps {
  appointments: AppointmentService;
  views: AppointmentViews;
  accessTokens: AccessTokenService;
  calendar: AppointmentCalendar;
}

const tags = ['Appointments'];
const doc = { security: bearer };
const signedIn = ({ accessTokens }: AppointmentDeps) => [requireCustomer(accessTokens)];
const customer = (state: CustomerState) => sessionOf(state).customerId;
const applicationId = pathParam('applicationId', 'application id', { type: 'string' });
const appointmentId = pathParam('appointmentId', 'appointment id', { type: 'string' });
const noApplication = errorResponse('No such application of this customer');
const noAppointment = errorResponse('No such appointment of this customer');

export const appointmentRoutes = defineRoutes<AppointmentDeps, CustomerState>([
  route({
    method: 'get',
    path: `${APPS}/:applicationId/available-appointments`,
    tags,
    operationId: 'availableAppointments',
    summary:
      "Future open-day slots of the application's listing with a place left, grouped by date (UK time); none for an archived application, one that failed its eligibility, or one its provider marked unsuccessful or withdrawn",
    doc,
    use: signedIn,
    parameters: [applicationId],
    responses: { 200: json(dataEnvelope(ref('AvailableAppointment'))), 401: unauthorised, 404: noApplication },
    async handler(ctx, _input, { appointments }) {
      ctx.body = collection(presentAvailableSlots(await appointments.available(customer(ctx.state), pathId(ctx.params.applicationId))));
    },
  }),
  route({
    method: 'post',
    path: `${APPS}/:applicationId/appointments`,
    tags,
    operationId: 'bookAppointment',
    summary:
      'Book an open-day slot. 409 while the application has an upcoming confirmed appointment, when the slot is full, or for an archived, failed, unsuccessful or withdrawn application; 422 for a slot that is not a future slot of the listing.',
    doc,
    use: signedIn,
    parameters: [applicationId],
    body: slotBodySchema,
    withoutBody: 'empty',
    responses: {
      201: json(ref('Appointment'), 'Booked'),
      401: unauthorised,
      404: noApplication,
      409: errorResponse('An upcoming appointment exists, the slot is full, or the application is archived or goes no further (failed, unsuccessful, withdrawn)'),
      422: validationResponse,
    },
    async handler(ctx, input, { appointments, views }) {
      const body = input.body();
      ctx.status = 201;
      const [booked] = await views.appointments([await appointments.book(customer(ctx.state), pathId(ctx.params.applicationId), body)]);
      ctx.body = booked;
    },
  }),
  route({
    method: 'get',
    path: `${APPS}/:applicationId/appointments`,
    tags,
    operationId: 'applicationAppointments',
    summary: "The application's appointments, in time order",
    doc,
    use: signedIn,
    parameters: [applicationId],
    responses: { 200: json(dataEnvelope(ref('Appointment'))), 401: unauthorised, 404: noApplication },
    async handler(ctx, _input, { appointments, views }) {
      ctx.body = collection(await views.appointments(await appointments.ofApplication(customer(ctx.state), pathId(ctx.params.applicationId))));
    },
  }),
  route({
    method: 'get',
    path: APPOINTMENTS,
    tags,
    operationId: 'listAppointments',
    summary: "All the customer's appointments, each with its application",
    doc,
    use: signedIn,
    query: upcomingQuery,
    queryOptions: { descriptions: { upcoming: '1/true upcoming confirmed, 0/false past confirmed, absent all (cancelled too)' } },
    responses: { 200: json(dataEnvelope(ref('Appointment'))), 401: unauthorised, 422: validationResponse, 503: engineUnavailable },
    async handler(ctx, input, { appointments, views }) {
      const { upcoming } = input.query();
      const customerId = customer(ctx.state);
      ctx.body = collection(await views.appointmentsWithApplications(await appointments.ofCustomer(customerId, upcoming), customerId));
    },
  }),
  route({
    method: 'put',
    path: `${APPOINTMENTS}/:appointmentId`,
    tags,
    operationId: 'changeAppointment',
    summary: 'Move a confirmed upcoming appointment to another slot of the listing (remarks replaced when sent)',
    doc,
    use: signedIn,
    parameters: [appointmentId],
    body: slotBodySchema,
    withoutBody: 'empty',
    responses: {
      200: json(ref('Appointment')),
      401: unauthorised,
      404: noAppointment,
      409: errorResponse('Cancelled or past appointment, or the slot is full'),
      422: validationResponse,
    },
    async handler(ctx, input, { appointments, views }) {
      const body = input.body();
      const [moved] = await views.appointments([await appointments.change(customer(ctx.state), pathId(ctx.params.appointmentId), body)]);
      ctx.body = moved;
    },
  }),
  route({
    method: 'patch',
    path: `${APPOINTMENTS}/:appointmentId/cancel`,
    tags,
    operationId: 'cancelAppointment',
    summary: 'Cancel (irreversible); answers the cancelled appointment',
    doc,
    use: signedIn,
    parameters: [appointmentId],
    responses: { 200: json(ref('Appointment')), 401: unauthorised, 404: noAppointment, 409: errorResponse('Already cancelled') },
    async handler(ctx, _input, { appointments, views }) {
      const [cancelled] = await views.appointments([await appointments.cancel(customer(ctx.state), pathId(ctx.params.appointmentId))]);
      ctx.body = cancelled;
    },
  }),
  // the calendar file: no bearer token (a calendar program opens it), the link's own token instead
  route({
    method: 'get',
    path: '/api/rest/portal/appointments/:appointmentId/calendar.ics',
    tags,
    operationId: 'appointmentCalendar',
    summary: "The appointment as an iCalendar file (RFC 5545), from its `ics` link: no sign-in, the link's token instead; a cancelled appointment is a cancelled event",
    parameters: [appointmentId],
    query: calendarQuery,
    queryOptions: { descriptions: { token: "the token of the appointment's `ics` link" } },
    responses: {
      200: { description: 'The iCalendar file', content: { 'text/calendar': { schema: { type: 'string' } } } },
      404: errorResponse('No such appointment, or a wrong token'),
      422: validationResponse,
    },
    async handler(ctx, input, { appointments, views, calendar }) {
      const { token } = input.query();
      const id = pathId(ctx.params.appointmentId);
      const notFound = new NotFoundError(`Appointment ${ctx.params.appointmentId} was not found`);
      if (!id || !calendar.verify(id, token)) throw notFound;
      const appointment = await appointments.byId(id);
      if (!appointment) throw notFound;
      const place = (await views.placesOf([appointment.applicationId])).get(appointment.applicationId);
      if (!place) throw notFound;
      ctx.type = 'text/calendar; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="viewing-${id}.ics"`);
      ctx.set('Cache-Control', 'private, no-store');
      const origin = `${ctx.protocol}://${ctx.host}`;
      ctx.body = icsOf(appointment, { ...place, listingUrl: new URL(place.listingUrl, origin).href }, calendar.uidHost(ctx.hostname));
    },
  }),
]);
