// The Appointment resource and the available-appointment entries (slots grouped by UK date).
import type { Appointment } from '../generated/prisma/client.ts';
import { instantToLondon } from '../core/london-time.ts';
import type { SlotRow } from './slot-row.ts';
import type { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, AppointmentPayload, AvailableAppointmentPayload } from './appointment-payload.ts';

// the columns hold only values of APPOINTMENT_TYPES and APPOINTMENT_STATUSES, which the service writes

/** Where the customer's appointment takes place, and its calendar file (not shown to providers). */
export interface AppointmentWhere {
  address: string | null;
  ics: string;
}

export function presentAppointment(a: Appointment, application?: object, where?: AppointmentWhere): AppointmentPayload {
  return {
    id: a.id,
    type: a.type as (typeof APPOINTMENT_TYPES)[number],
    dateTime: a.startsAt.toISOString(),
    durationMin: a.durationMin,
    status: a.status as (typeof APPOINTMENT_STATUSES)[number],
    remarks: a.remarks,
    ...(where ? { address: where.address, ics: where.ics } : {}),
    updatedAt: a.updatedAt.toISOString(),
    createdAt: a.createdAt.toISOString(),
    ...(application !== undefined ? { application } : {}),
  };
}

/** Slots in time order, grouped by their date in London. */
export function presentAvailableSlots(slots: SlotRow[]): AvailableAppointmentPayload[] {
  const byDate = new Map<string, AvailableAppointmentPayload['slots']>();
  for (const slot of [...slots].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)) {
    const { date, time } = instantToLondon(slot.startsAt);
    const list = byDate.get(date) ?? [];
    list.push({ id: slot.id, slotTime: time, slotDurationMin: slot.durationMin });
    byDate.set(date, list);
  }
  return [...byDate].map(([date, entries]) => ({ date, slots: entries }));
}
