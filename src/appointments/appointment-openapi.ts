// OpenAPI: the components of open-day appointments (their operations are in appointment-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf } from '../core/openapi/from-yup.ts';
import { appointmentPayload, availableAppointmentPayload } from './appointment-payload.ts';

export const appointmentSchemas: Record<string, JsonSchema> = componentsOf(appointmentPayload, availableAppointmentPayload);
