/** An open-day slot as the appointment service gives it for booking. */
export interface SlotRow {
  id: number;
  startsAt: Date;
  durationMin: number;
}
