// Open-day appointments of the signed-in customer's applications. Bearer token required.
import Router from '@koa/router';
import { collection } from '../core/envelope.ts';
import { validateBody, bodyOrEmpty, validateQuery } from '../core/validation.ts';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from '../auth/bearer.ts';
import { upcomingQuery } from '../applications/application-schemas.ts';
import { pathId } from '../core/path-id.ts';
import type { ApplicationViews } from '../applications/application-views.ts';
import { presentAvailableSlots } from './appointment-presenter.ts';
import { slotBodySchema } from './appointment-schemas.ts';
import type { AppointmentService } from './appointment-service.ts';
import { icsOf, type AppointmentCalendar } from './appointment-calendar.ts';
import { calendarQuery } from './appointment-schemas.ts';
import { NotFoundError } from '../core/errors.ts';

const APPS = '/api/rest/portal/profile/applications';
const APPOINTMENTS = '/api/rest/portal/profile/appointments';

export function appointmentRoutes(deps: {
  appointments: AppointmentService;
  views: ApplicationViews;
  accessTokens: AccessTokenService;
  calendar: AppointmentCalendar;
}): Router<CustomerState> {
  const { appointments, views } = deps;
  const router = new Router<CustomerState>();
  const signedIn = requireCustomer(deps.accessTokens);

  router.get(`${APPS}/:applicationId/available-appointments`, signedIn, async (ctx) => {
    ctx.body = collection(
      presentAvailableSlots(await appointments.available(sessionOf(ctx.state).customerId, pathId(ctx.params.applicationId))),
    );
  });
  router.post(`${APPS}/:applicationId/appointments`, signedIn, async (ctx) => {
    const body = validateBody(slotBodySchema, bodyOrEmpty(ctx.request.body));
    ctx.status = 201;
    const [booked] = await views.appointments([await appointments.book(sessionOf(ctx.state).customerId, pathId(ctx.params.applicationId), body)]);
    ctx.body = booked;
  });
  router.get(`${APPS}/:applicationId/appointments`, signedIn, async (ctx) => {
    ctx.body = collection(await views.appointments(await appointments.ofApplication(sessionOf(ctx.state).customerId, pathId(ctx.params.applicationId))));
  });
  router.get(APPOINTMENTS, signedIn, async (ctx) => {
    const { upcoming } = validateQuery(upcomingQuery, ctx.query);
    const customerId = sessionOf(ctx.state).customerId;
    ctx.body = collection(await views.appointmentsWithApplications(await appointments.ofCustomer(customerId, upcoming), customerId));
  });
  router.put(`${APPOINTMENTS}/:appointmentId`, signedIn, async (ctx) => {
    const body = validateBody(slotBodySchema, bodyOrEmpty(ctx.request.body));
    const [moved] = await views.appointments([await appointments.change(sessionOf(ctx.state).customerId, pathId(ctx.params.appointmentId), body)]);
    ctx.body = moved;
  });
  router.patch(`${APPOINTMENTS}/:appointmentId/cancel`, signedIn, async (ctx) => {
    const [cancelled] = await views.appointments([await appointments.cancel(sessionOf(ctx.state).customerId, pathId(ctx.params.appointmentId))]);
    ctx.body = cancelled;
  });
  // the calendar file: no bearer token (a calendar program opens it), the link's own token instead
  router.get('/api/rest/portal/appointments/:appointmentId/calendar.ics', async (ctx) => {
    const { token } = validateQuery(calendarQuery, ctx.query);
    const id = pathId(ctx.params.appointmentId);
    const notFound = new NotFoundError(`Appointment ${ctx.params.appointmentId} was not found`);
    if (!id || !deps.calendar.verify(id, token)) throw notFound;
    const appointment = await appointments.byId(id);
    if (!appointment) throw notFound;
    const place = (await views.placesOf([appointment.applicationId])).get(appointment.applicationId);
    if (!place) throw notFound;
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="viewing-${id}.ics"`);
    ctx.set('Cache-Control', 'private, no-store');
    const origin = `${ctx.protocol}://${ctx.host}`;
    ctx.body = icsOf(appointment, { ...place, listingUrl: new URL(place.listingUrl, origin).href }, ctx.hostname || 'portal');
  });
  return router;
}
