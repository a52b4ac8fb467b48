import { useEffect, useRef, useState } from 'preact/hooks';
import { api, P, type Application, type Appointment, type AvailableAppointment } from '../api.ts';
import { Loading, Problem, useLoad } from './common.tsx';
import { dateTimeText, dayText } from '../format.ts';
import { isClosed } from './ProgressStepper.tsx';

/** The open days of an application's listing, to book a place at one (or change or cancel it in the account). */
export function OpenDays({ application, onBooked }: { application: Application; onBooked?: (appointment: Appointment) => void }) {
  // an application that failed its eligibility, or that its provider closed, is offered none
  if (isClosed(application.progress, application.eligibilityStatus)) return null;
  return <Slots application={application} onBooked={onBooked} />;
}

/**
 * A viewing just booked: when, where, and its calendar file. It takes focus, for the button that booked
 * it is gone.
 */
export function BookedViewing({ appointment }: { appointment: Appointment }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [appointment.id]);
  return (
    <div class="success booked-viewing" role="status" tabIndex={-1} ref={ref}>
      <p>You are booked for the open day on {dateTimeText(appointment.dateTime)}.</p>
      {appointment.address && <p>Address: {appointment.address}</p>}
      {appointment.ics && (
        <p>
          <a href={appointment.ics} download={`viewing-${appointment.id}.ics`}>
            Add to calendar
          </a>
        </p>
      )}
    </div>
  );
}

function Slots({ application, onBooked }: { application: Application; onBooked?: (appointment: Appointment) => void }) {
  const days = useLoad(
    () => api<{ data: AvailableAppointment[] }>(`${P}/profile/applications/${application.id}/available-appointments`),
    [application.id],
  );
  const [booked, setBooked] = useState<Appointment | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  if (days.loading) return <Loading what="Looking for open days" />;
  if (days.error) return <Problem error={days.error} />;
  const slots = days.data?.data ?? [];
  // the page that booked may show it itself (the account's applications, where this list then goes)
  if (booked) return onBooked ? null : <BookedViewing appointment={booked} />;
  if (!slots.length) return <p>No open days are planned at the moment.</p>;
  const book = async (slot: number) => {
    setFailure(null);
    try {
      const appointment = await api<Appointment>(`${P}/profile/applications/${application.id}/appointments`, {
        method: 'POST',
        body: { slot },
      });
      setBooked(appointment);
      onBooked?.(appointment);
    } catch (err) {
      setFailure(err);
    }
  };
  return (
    <div class="open-days">
      <h3>Book a place at an open day</h3>
      {slots.map((day) => (
        <div key={day.date}>
          <p>{dayText(day.date)}</p>
          <ul class="slot-list">
            {day.slots.map((slot) => (
              <li key={slot.id}>
                <button type="button" onClick={() => book(slot.id)}>
                  Book {slot.slotTime} ({slot.slotDurationMin} min)<span class="visually-hidden"> on {dayText(day.date)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {failure ? <Problem error={failure} /> : null}
    </div>
  );
}
