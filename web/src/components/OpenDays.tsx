import { useState } from 'preact/hooks';
import { api, P, type Application, type Appointment, type AvailableAppointment } from '../api.ts';
import { Loading, Problem, useLoad } from './common.tsx';
import { dateTimeText, dayText } from '../format.ts';
import { isClosed } from './ProgressStepper.tsx';

/** The open days of an application's listing, to book a place at one (or change or cancel it in the account). */
export function OpenDays({ application, onBooked }: { application: Application; onBooked?: () => void }) {
  // an application that failed its eligibility, or that its provider closed, is offered none
  if (isClosed(application.progress, application.eligibilityStatus)) return null;
  return <Slots application={application} onBooked={onBooked} />;
}

function Slots({ application, onBooked }: { application: Application; onBooked?: () => void }) {
  const days = useLoad(
    () => api<{ data: AvailableAppointment[] }>(`${P}/profile/applications/${application.id}/available-appointments`),
    [application.id],
  );
  const [booked, setBooked] = useState<Appointment | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  if (days.loading) return <Loading what="Looking for open days" />;
  if (days.error) return <Problem error={days.error} />;
  const slots = days.data?.data ?? [];
  if (booked) {
    return (
      <div class="success" role="status">
        <p>You are booked for the open day on {dateTimeText(booked.dateTime)}.</p>
        {booked.address && <p>Address: {booked.address}</p>}
        {booked.ics && (
          <p>
            <a href={booked.ics} download={`viewing-${booked.id}.ics`}>
              Add to calendar
            </a>
          </p>
        )}
      </div>
    );
  }
  if (!slots.length) return <p>No open days are planned at the moment.</p>;
  const book = async (slot: number) => {
    setFailure(null);
    try {
      setBooked(await api<Appointment>(`${P}/profile/applications/${application.id}/appointments`, { method: 'POST', body: { slot } }));
      onBooked?.();
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
