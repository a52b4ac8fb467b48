// The customer's account: profile, favourites, applications (update, archive, book an open day) and
// appointments (change, cancel), saved searches with their alert settings (SavedSearches.tsx).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import {
  ApiError,
  api,
  P,
  type Application,
  type Appointment,
  type AvailableAppointment,
  type Customer,
  type ListingItem,
} from '../api.ts';
import { session, useSession } from '../session.ts';
import { CustomerFields, valuesOf, type Values } from '../components/CustomerFields.tsx';
import { ListingGrid } from '../components/ListingCard.tsx';
import { BookedViewing, OpenDays } from '../components/OpenDays.tsx';
import { ProgressStepper } from '../components/ProgressStepper.tsx';
import { Loading, Problem, useLoad, useTitle } from '../components/common.tsx';
import { ErrorSummary, summaryErrors } from '../components/ErrorSummary.tsx';
import { dateTimeText, dayText } from '../format.ts';
import { OneSavedSearch, SavedSearches } from './SavedSearches.tsx';

const SECTIONS = [
  { path: '', title: 'Profile' },
  { path: 'favourites', title: 'Favourites' },
  { path: 'applications', title: 'Applications' },
  { path: 'appointments', title: 'Viewings' },
  { path: 'saved-searches', title: 'Saved searches' },
] as const;

/** /account/saved-searches/{id}: one saved search (the alert e-mails link there) */
export function AccountSavedSearch({ id }: { id: string }) {
  return <Account section="saved-searches" id={id} />;
}

export function Account({ section = '', id }: { section?: string; id?: string }) {
  const signedIn = useSession();
  const { route, url } = useLocation();
  const current = SECTIONS.find((s) => s.path === section);
  useTitle(current ? `My account: ${current.title}` : 'My account');
  useEffect(() => {
    if (!signedIn) route(`/sign-in?next=${encodeURIComponent(url)}`, true);
  }, [signedIn]);
  if (!signedIn) return null;
  const signOut = async () => {
    await api(`${P}/revoke-token`, { method: 'POST' }).catch(() => undefined);
    session.clear();
    route('/');
  };
  return (
    <div class="wrap account">
      <h1>My account</h1>
      <nav aria-label="Account" class="tabs">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.path}>
              <a href={`/account${s.path ? `/${s.path}` : ''}`} aria-current={s.path === section ? 'page' : undefined}>
                {s.title}
              </a>
            </li>
          ))}
          <li>
            <button type="button" class="link-button" onClick={signOut}>
              Sign out
            </button>
          </li>
        </ul>
      </nav>
      {section === '' && <Profile />}
      {section === 'favourites' && <Favourites />}
      {section === 'applications' && <Applications />}
      {section === 'appointments' && <Appointments />}
      {section === 'saved-searches' && (id ? <OneSavedSearch id={id} /> : <SavedSearches />)}
      {!current && <p>There is no such page in your account.</p>}
    </div>
  );
}

const PROFILE_GROUPS: [string, string[]][] = [
  ['About you', ['firstName', 'lastName', 'phone', 'dateOfBirth']],
  [
    'Where you live and work',
    [
      'homePostcode',
      'homeAddress',
      'livingCircumstance',
      'workPostcode',
      'workAddress',
      'workingCircumstance',
      'occupation',
      'employerName',
    ],
  ],
  ['Money and eligibility', ['annualHouseholdIncome', 'deposit', 'eligibleCitizen', 'homeOwnershipStatus', 'dependants']],
  ['Priority', ['housingWaitingList', 'armedForcesMember', 'keyworker', 'hasDisability']],
  ['Moving and contact', ['buyingInterestPeriod', 'bestTimeToContactYou', 'remarks', 'newsletterConsent', 'partnersOffersConsent']],
];
const ALL_FIELDS = PROFILE_GROUPS.flatMap(([, fields]) => fields);

function Profile() {
  const profile = useLoad(() => api<Customer>(`${P}/profile`), []);
  const [values, setValues] = useState<Values>({});
  const [changed, setChanged] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => setValues(valuesOf(profile.data, ALL_FIELDS)), [profile.data]);
  if (profile.loading && !profile.data) return <Loading />;
  if (profile.error) return <Problem error={profile.error} />;
  const save = async (e: Event) => {
    e.preventDefault();
    setStatus('saving');
    setErrors({});
    setFailure(null);
    try {
      // only what changed: a field sent empty is cleared
      await api(`${P}/profile`, { method: 'PUT', body: Object.fromEntries([...changed].map((name) => [name, values[name]])) });
      setChanged(new Set());
      setStatus('saved');
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
      setFailure(err);
      setStatus('idle');
    }
  };
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <p>Signed in as {profile.data?.email}</p>
      <form onSubmit={save} noValidate class="profile-form">
        <ErrorSummary
          errors={summaryErrors(failure, (name) => (ALL_FIELDS.includes(name) ? `profile-${name}` : undefined))}
          shown={failure}
          title="Your profile was not saved"
        />
        {PROFILE_GROUPS.map(([title, fields]) => (
          <fieldset class="group" key={title}>
            <legend>{title}</legend>
            <CustomerFields
              idPrefix="profile"
              explain
              fields={fields}
              values={values}
              errors={errors}
              onChange={(name, value) => {
                setValues((s) => ({ ...s, [name]: value }));
                setChanged((c) => new Set(c).add(name));
                setStatus('idle');
              }}
            />
          </fieldset>
        ))}
        <p role="status">{status === 'saved' ? 'Your profile is saved.' : ''}</p>
        <button type="submit" class="primary" disabled={status === 'saving' || changed.size === 0}>
          Save profile
        </button>
      </form>
    </section>
  );
}

function Favourites() {
  const favourites = useLoad(() => api<{ data: ListingItem[] }>(`${P}/profile/favourites`), []);
  return (
    <section aria-labelledby="favourites-title">
      <h2 id="favourites-title">Favourites</h2>
      {favourites.loading && <Loading />}
      {favourites.error ? <Problem error={favourites.error} /> : null}
      {favourites.data && favourites.data.data.length === 0 && <p>No favourites yet: save homes from their pages.</p>}
      <ListingGrid listings={favourites.data?.data} />
    </section>
  );
}

const STATUS: Record<string, string> = {
  passed: 'Eligible',
  considered: 'Being considered',
  incomplete: 'More details needed',
  failed: 'Not eligible',
  'not-checked': 'Not checked',
};

function Applications() {
  const [archived, setArchived] = useState(false);
  const applications = useLoad(
    () => api<{ data: Application[] }>(`${P}/profile/applications`, { query: { archived: archived ? 1 : 0 } }),
    [archived],
  );
  return (
    <section aria-labelledby="applications-title">
      <h2 id="applications-title">Applications</h2>
      <label class="choice">
        <input type="checkbox" checked={archived} onChange={() => setArchived(!archived)} /> Show archived applications
      </label>
      {applications.loading && <Loading />}
      {applications.error ? <Problem error={applications.error} /> : null}
      {applications.data && applications.data.data.length === 0 && (
        <p>{archived ? 'No archived applications.' : 'No applications yet: register interest on a listing’s page.'}</p>
      )}
      <ul class="stack">
        {applications.data?.data.map((application) => (
          <li key={application.id}>
            <ApplicationCard application={application} onChange={applications.reload} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ApplicationCard({ application, onChange }: { application: Application; onChange: () => void }) {
  const [info, setInfo] = useState(application.additionalInfo ?? '');
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  // the viewing just booked here: its confirmation stays once the application shows its next viewing
  const [booked, setBooked] = useState<Appointment | null>(null);
  const headingId = `application-${application.id}`;
  const act = async (action: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await action();
      onChange();
    } catch (err) {
      setFailure(err);
    }
  };
  return (
    <article class="card application" aria-labelledby={headingId}>
      <div class="card-body">
        <h3 id={headingId}>
          <a href={`/listings/${application.listing.slug}`}>{application.listing.name}</a>
          {application.property ? ` – ${application.property.propertyNumber}` : ''}
        </h3>
        <p>
          Registered on {dayText(application.createdAt)} ·{' '}
          <strong>{STATUS[application.eligibilityStatus] ?? application.eligibilityStatus}</strong>
          {!application.available && ' · no longer available'}
        </p>
        {application.decision && application.decision.messages.length > 0 && (
          <ul class="decision-messages">
            {application.decision.messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        <ProgressStepper progress={application.progress} eligibilityStatus={application.eligibilityStatus} id={`progress-${application.id}`} />
        {booked ? (
          <BookedViewing appointment={booked} />
        ) : (
          application.nextAppointmentDateTime && <p>Next viewing: {dateTimeText(application.nextAppointmentDateTime)}</p>
        )}
        {!application.isArchived && (
          <>
            <form
              class="inline-form"
              onSubmit={(e) => {
                e.preventDefault();
                setSaved(false);
                void act(async () => {
                  await api(`${P}/profile/applications/${application.id}`, { method: 'PUT', body: { additionalInfo: info || null } });
                  setSaved(true);
                });
              }}
            >
              <label for={`info-${application.id}`}>Message to the provider</label>
              <textarea
                id={`info-${application.id}`}
                rows={2}
                value={info}
                onInput={(e) => setInfo((e.target as HTMLTextAreaElement).value)}
              />
              <button type="submit">Update application</button>
              <span role="status">{saved ? ' Saved.' : ''}</span>
            </form>
            {!application.nextAppointmentDateTime && !booked && (
              <OpenDays
                application={application}
                onBooked={(appointment) => {
                  setBooked(appointment);
                  onChange();
                }}
              />
            )}
            <button
              type="button"
              class="danger"
              onClick={() => {
                if (confirm('Archive this application? Its upcoming viewings are cancelled, and this cannot be undone.')) {
                  void act(() => api(`${P}/profile/applications/${application.id}/archive`, { method: 'PATCH' }));
                }
              }}
            >
              Archive application
            </button>
          </>
        )}
        {failure ? <Problem error={failure} /> : null}
      </div>
    </article>
  );
}

function Appointments() {
  const [which, setWhich] = useState<'upcoming' | 'all'>('upcoming');
  // what was just done (a cancellation), said above the list: the cancelled viewing may leave the list
  const [notice, setNotice] = useState('');
  const appointments = useLoad(
    () => api<{ data: Appointment[] }>(`${P}/profile/appointments`, { query: { upcoming: which === 'upcoming' ? 1 : undefined } }),
    [which],
  );
  return (
    <section aria-labelledby="appointments-title">
      <h2 id="appointments-title">Viewings</h2>
      <div class="field">
        <label for="appointments-which">Show</label>
        <select
          id="appointments-which"
          value={which}
          onChange={(e) => setWhich((e.target as HTMLSelectElement).value as 'upcoming' | 'all')}
        >
          <option value="upcoming">Upcoming viewings</option>
          <option value="all">All viewings, cancelled ones too</option>
        </select>
      </div>
      <p role="status" class={notice ? 'success' : undefined}>
        {notice}
      </p>
      {appointments.loading && <Loading />}
      {appointments.error ? <Problem error={appointments.error} /> : null}
      {appointments.data && appointments.data.data.length === 0 && <p>No viewings booked. Book one from an application.</p>}
      <ul class="stack">
        {appointments.data?.data.map((appointment) => (
          <li key={appointment.id}>
            <AppointmentCard
              appointment={appointment}
              onChange={(done) => {
                setNotice(done ?? '');
                appointments.reload();
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AppointmentCard({ appointment, onChange }: { appointment: Appointment; onChange: (done?: string) => void }) {
  const [changing, setChanging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // after "No, keep it", focus goes back to the button that asked
  const [keptFocus, setKeptFocus] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!keptFocus) return;
    cancelButton.current?.focus();
    setKeptFocus(false);
  }, [keptFocus]);
  const [failure, setFailure] = useState<unknown>(null);
  const listing = appointment.application?.listing;
  const cancelled = appointment.status === 'cancelled';
  const upcoming = !cancelled && new Date(appointment.dateTime).getTime() > Date.now();
  const what = appointment.type === 'open-day' ? 'Open day' : appointment.type === 'virtual' ? 'Virtual viewing' : 'Viewing';
  const when = dateTimeText(appointment.dateTime);
  const questionId = `cancel-question-${appointment.id}`;
  const act = async (action: () => Promise<unknown>, done?: string) => {
    setFailure(null);
    try {
      await action();
      // a cancelled viewing is no longer upcoming, which closes its question; a question asked while
      // a change of time was on its way stays open
      setChanging(false);
      onChange(done);
    } catch (err) {
      setFailure(err);
    }
  };
  return (
    <article class="card appointment" aria-label={`Viewing on ${when}`}>
      <div class="card-body">
        <h3>{listing ? <a href={`/listings/${listing.slug}`}>{listing.name}</a> : 'Viewing'}</h3>
        <p>
          {what} on <strong>{when}</strong> ({appointment.durationMin} min) · {cancelled ? 'Cancelled' : 'Confirmed'}
        </p>
        {appointment.address && (
          <p class="appointment-address">
            <span class="label">Address:</span> {appointment.address}
          </p>
        )}
        {appointment.remarks && <p>Your remarks: {appointment.remarks}</p>}
        {upcoming && appointment.ics && (
          <p>
            <a class="button" href={appointment.ics} download={`viewing-${appointment.id}.ics`}>
              Add to calendar<span class="visually-hidden">: {what.toLowerCase()} on {when}</span>
            </a>
          </p>
        )}
        {upcoming && !confirming && (
          <div class="actions">
            <button type="button" aria-expanded={changing} onClick={() => setChanging(!changing)}>
              Change time
            </button>
            <button type="button" class="danger" ref={cancelButton} onClick={() => setConfirming(true)}>
              Cancel viewing
            </button>
          </div>
        )}
        {upcoming && confirming && (
          <div class="confirm" role="group" aria-labelledby={questionId}>
            <FocusedQuestion id={questionId}>
              Cancel your {what.toLowerCase()} on {when}? This cannot be undone; you can book another time afterwards.
            </FocusedQuestion>
            <div class="actions">
              <button
                type="button"
                class="danger"
                onClick={() =>
                  act(
                    () => api(`${P}/profile/appointments/${appointment.id}/cancel`, { method: 'PATCH' }),
                    `Your ${what.toLowerCase()}${listing ? ` at ${listing.name}` : ''} on ${when} is cancelled.`,
                  )
                }
              >
                Yes, cancel it
              </button>
              <button
                type="button"
                onClick={() => {
                  setConfirming(false);
                  setKeptFocus(true);
                }}
              >
                No, keep it
              </button>
            </div>
          </div>
        )}
        {changing && appointment.application && (
          <ChangeSlot
            applicationId={appointment.application.id}
            onChoose={(slot) => act(() => api(`${P}/profile/appointments/${appointment.id}`, { method: 'PUT', body: { slot } }), `Your ${what.toLowerCase()} is moved.`)}
          />
        )}
        {failure ? <Problem error={failure} /> : null}
      </div>
    </article>
  );
}

/** A question that takes focus when it appears, so that it is read out and the answers come next. */
function FocusedQuestion({ id, children }: { id: string; children: ComponentChildren }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p id={id} tabIndex={-1} ref={ref} class="question">
      {children}
    </p>
  );
}

function ChangeSlot({ applicationId, onChoose }: { applicationId: number; onChoose: (slot: number) => void }) {
  const days = useLoad(
    () => api<{ data: AvailableAppointment[] }>(`${P}/profile/applications/${applicationId}/available-appointments`),
    [applicationId],
  );
  if (days.loading) return <Loading />;
  if (days.error) return <Problem error={days.error} />;
  if (!days.data?.data.length) return <p>No other open-day times are free.</p>;
  return (
    <ul class="slot-list">
      {days.data.data.flatMap((day) =>
        day.slots.map((slot) => (
          <li key={slot.id}>
            <button type="button" onClick={() => onChoose(slot.id)}>
              {dayText(day.date)} at {slot.slotTime}
            </button>
          </li>
        )),
      )}
    </ul>
  );
}
