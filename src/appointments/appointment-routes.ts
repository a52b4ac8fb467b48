// Open-day appointments of the signed-in customer's applications. Bearer token required.
import Router from '@koa/router';
import { collection } from '../core/envelope.ts';
import { validateBody, bodyOrEmpty, validateQuery } from '../core/validation.ts';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from '../auth/bearer.ts';
import { upcomingQuery } from '../applications/application-schemas.ts';
import { pathId } from '../core/path-id.ts';
import type { ApplicationViews } from '../applications/application-views.ts';
import { presentAppointment, presentAvailableSlots } from './appointment-presenter.ts';
import { slotBodySchema } from './appointment-schemas.ts';
import type { AppointmentService } from './appointment-service.ts';

const APPS = '/api/rest/portal/profile/applications';
const APPOINTMENTS = '/api/rest/portal/profile/appointments';

export function appointmentRoutes(deps: {
  appointments: AppointmentService;
  views: ApplicationViews;
  accessTokens: AccessTokenService;
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
    ctx.body = presentAppointment(await appointments.book(sessionOf(ctx.state).customerId, pathId(ctx.params.applicationId), body));
  });
  router.get(`${APPS}/:applicationId/appointments`, signedIn, async (ctx) => {
    ctx.body = collection(
      (await appointments.ofApplication(sessionOf(ctx.state).customerId, pathId(ctx.params.applicationId))).map((a) => presentAppointment(a)),
    );
  });
  router.get(APPOINTMENTS, signedIn, async (ctx) => {
    const { upcoming } = validateQuery(upcomingQuery, ctx.query);
    const customerId = sessionOf(ctx.state).customerId;
    ctx.body = collection(await views.appointmentsWithApplications(await appointments.ofCustomer(customerId, upcoming), customerId));
  });
  router.put(`${APPOINTMENTS}/:appointmentId`, signedIn, async (ctx) => {
    const body = validateBody(slotBodySchema, bodyOrEmpty(ctx.request.body));
    ctx.body = presentAppointment(await appointments.change(sessionOf(ctx.state).customerId, pathId(ctx.params.appointmentId), body));
  });
  router.patch(`${APPOINTMENTS}/:appointmentId/cancel`, signedIn, async (ctx) => {
    ctx.body = presentAppointment(await appointments.cancel(sessionOf(ctx.state).customerId, pathId(ctx.params.appointmentId)));
  });
  return router;
}
