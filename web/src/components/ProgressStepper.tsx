// Where an application stands, as its provider tells it (the API's `progress`): the stages of the way
// to a home as a stepper, each done, current or to come, with the date each was reached; the place in
// the queue, the provider's note and, while documents are requested, where to send them. A closed
// application (unsuccessful, withdrawn, or one that failed its eligibility) shows the stages it reached
// and where it ended, marked closed: never stages to come.
import type { Schemas } from '../api.ts';
import { dayText } from '../format.ts';

type Progress = Schemas['ApplicationProgress'];
type Stage = Progress['stage'];

const WAY: Stage[] = ['received', 'in-review', 'documents-requested', 'viewing-offered', 'offer-made', 'offer-accepted', 'completed'];

export const STAGE_TEXT: Record<Stage, string> = {
  received: 'Application received',
  'in-review': 'In review',
  'documents-requested': 'Documents requested',
  'viewing-offered': 'Viewing offered',
  'offer-made': 'Offer made',
  'offer-accepted': 'Offer accepted',
  completed: 'Completed',
  unsuccessful: 'Unsuccessful',
  withdrawn: 'Withdrawn',
};

/** Closed: the application goes no further (no open days are offered for it). */
export const isClosed = (progress: Progress | undefined, eligibilityStatus?: string) =>
  eligibilityStatus === 'failed' || progress?.stage === 'unsuccessful' || progress?.stage === 'withdrawn';

interface Step {
  /** a stage of the way, or where a closed application ended */
  name: string;
  state: 'done' | 'current' | 'to-come' | 'closed';
  at: string | null;
}

/** The steps shown: the way to a home, or for a closed application the stages it reached and where it ended. */
export function stepsOf(progress: Progress, eligibilityStatus?: string): Step[] {
  const reached = new Map(progress.history.map((h) => [h.stage, h.at]));
  if (isClosed(progress, eligibilityStatus)) {
    const ended = progress.stage === 'unsuccessful' || progress.stage === 'withdrawn';
    const passed = WAY.filter((s) => reached.has(s));
    const end: Step = ended
      ? { name: STAGE_TEXT[progress.stage], state: 'closed', at: reached.get(progress.stage) ?? progress.updatedAt }
      : { name: 'Not eligible', state: 'closed', at: null };
    return [...passed.map((stage): Step => ({ name: STAGE_TEXT[stage], state: 'done', at: reached.get(stage)! })), end];
  }
  const current = WAY.indexOf(progress.stage);
  return WAY.map((stage, i) => ({
    name: STAGE_TEXT[stage],
    state: i < current ? 'done' : i === current ? 'current' : 'to-come',
    at: i <= current ? (reached.get(stage) ?? null) : null,
  }));
}

const HIDDEN_STATE: Record<Step['state'], string> = { done: ' (done)', current: ' (current stage)', 'to-come': ' (to come)', closed: '' };

export function ProgressStepper({ progress, eligibilityStatus, id }: { progress: Progress; eligibilityStatus?: string; id: string }) {
  const steps = stepsOf(progress, eligibilityStatus);
  const closed = isClosed(progress, eligibilityStatus);
  const documents = progress.sendDocumentsTo;
  return (
    <div class="progress">
      <p id={`${id}-now`} class={`progress-now${closed ? ' progress-closed' : ''}`}>
        Where your application is: <strong>{closed ? steps.at(-1)!.name : STAGE_TEXT[progress.stage]}</strong>
        {closed && <> · <strong class="progress-closed-word">closed</strong></>}
        {!closed && progress.position !== null && <> · your place in the queue: <strong>{progress.position}</strong></>}
      </p>
      <ol class="stepper" aria-label="Progress of your application">
        {steps.map((step) => (
          <li key={step.name} class={`step step-${step.state}`} aria-current={step.state === 'current' || step.state === 'closed' ? 'step' : undefined}>
            <span class="step-mark" aria-hidden="true">
              {step.state === 'done' ? '✓' : step.state === 'closed' ? '✕' : ''}
            </span>
            <span class="step-name">{step.name}</span>
            <span class="visually-hidden">{HIDDEN_STATE[step.state]}</span>
            {step.state === 'closed' && <span class="step-closed-word">Closed</span>}
            {step.at && <span class="step-date">{dayText(step.at)}</span>}
          </li>
        ))}
      </ol>
      {progress.note && (
        <div class="progress-note">
          <p class="progress-note-title">A note from the provider ({dayText(progress.updatedAt)}):</p>
          <p>{progress.note}</p>
        </div>
      )}
      {documents && (
        <div class="progress-documents">
          <p class="progress-note-title">Where to send your documents</p>
          {documents.email ? (
            <p>
              E-mail them to {documents.provider} at <a href={`mailto:${documents.email}`}>{documents.email}</a>, with the name of the home and your
              full name in the subject.
            </p>
          ) : (
            <p>Send them to {documents.provider}, as its note says.</p>
          )}
        </div>
      )}
    </div>
  );
}
