// The Appointment resource and the available-appointment entries (slots grouped by UK date).
import type { Appointment } from '../generated/prisma/client.ts';
import { instantToLondon } from '../core/london-time.ts';

export function presentAppointment(a: Appointment, application?: unknown) {
  return {
    id: a.id,
    type: a.type,
    dateTime: a.startsAt.toISOString(),
    durationMin: a.durationMin,
    status: a.status,
    remarks: a.remarks,
    updatedAt: a.updatedAt.toISOString(),
    createdAt: a.createdAt.toISOString(),
    ...(application !== undefined ? { application } : {}),
  };
}

export interface SlotRow {
  id: number;
  startsAt: Date;
  durationMin: number;
}

/** Slots in time order, grouped by their date in London. */
export function presentAvailableSlots(slots: SlotRow[]) {
  const byDate = new Map<string, { id: number; slotTime: string; slotDurationMin: number }[]>();
  for (const slot of [...slots].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)) {
    const { date, time } = instantToLondon(slot.startsAt);
    const list = byDate.get(date) ?? [];
    list.push({ id: slot.id, slotTime: time, slotDurationMin: slot.durationMin });
    byDate.set(date, list);
  }
  return [...byDate].map(([date, entries]) => ({ date, slots: entries }));
}
