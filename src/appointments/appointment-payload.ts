// The Appointment resource and the available-appointment entries (slots grouped by UK date).
import { about, calendarDate, dateTime, integer, listOf, named, oneOf, optional, reference, shape, text, withJsonSchema, type Payload } from '../core/openapi/payload-fields.ts';

export const APPOINTMENT_TYPES = ['in-person', 'virtual', 'open-day'] as const;
export const APPOINTMENT_STATUSES = ['confirmed', 'cancelled'] as const;

export const appointmentPayload = named(
  'Appointment',
  about(
    shape({
      id: integer,
      type: oneOf(APPOINTMENT_TYPES),
      dateTime,
      durationMin: integer,
      status: oneOf(APPOINTMENT_STATUSES),
      remarks: text.nullable(),
      address: optional(about(text.nullable(), "the listing's address (null when the listing gives none)")),
      ics: optional(withJsonSchema(text, { format: 'uri-reference', description: 'the appointment as an iCalendar file (text/calendar), to add to a calendar; opens without sign-in. Absolute when the service knows its public address, else a path on its origin' })),
      updatedAt: dateTime,
      createdAt: dateTime,
      // the Application holds its appointments: referred to by name
      application: optional(reference<object>('Application')),
    }),
    "`application` only when listing all of the customer's appointments; `address` and `ics` in the customer's own appointments (not in leads)",
  ),
);

export const availableAppointmentPayload = named(
  'AvailableAppointment',
  shape({
    date: calendarDate,
    slots: listOf(shape({ id: integer, slotTime: withJsonSchema(text, { pattern: '^\\d{2}:\\d{2}$' }), slotDurationMin: integer })),
  }),
);

export type AppointmentPayload = Payload<typeof appointmentPayload>;
export type AvailableAppointmentPayload = Payload<typeof availableAppointmentPayload>;
