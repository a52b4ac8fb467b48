// Where an application stands, as its provider tells it (the API's `progress`): the stages of the way
// to a home as a stepper, each done, current or to come, with the date each was reached; the place in
// the queue and the provider's note. An unsuccessful or withdrawn application ends at that stage.
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
export const isClosed = (progress: Progress | undefined) => progress?.stage === 'unsuccessful' || progress?.stage === 'withdrawn';

interface Step {
  stage: Stage;
  state: 'done' | 'current' | 'to-come';
  at: string | null;
}

/** The steps shown: the way to a home, or for a closed application the stages it went through and where it ended. */
export function stepsOf(progress: Progress): Step[] {
  const reached = new Map(progress.history.map((h) => [h.stage, h.at]));
  if (isClosed(progress)) {
    const passed = WAY.filter((s) => reached.has(s) && s !== progress.stage);
    return [...passed.map((stage): Step => ({ stage, state: 'done', at: reached.get(stage)! })), { stage: progress.stage, state: 'current', at: reached.get(progress.stage) ?? progress.updatedAt }];
  }
  const current = WAY.indexOf(progress.stage);
  return WAY.map((stage, i) => ({
    stage,
    state: i < current ? 'done' : i === current ? 'current' : 'to-come',
    at: i <= current ? (reached.get(stage) ?? null) : null,
  }));
}

export function ProgressStepper({ progress, id }: { progress: Progress; id: string }) {
  const steps = stepsOf(progress);
  const closed = isClosed(progress);
  return (
    <div class="progress">
      <p id={`${id}-now`} class={`progress-now${closed ? ' progress-closed' : ''}`}>
        Where your application is: <strong>{STAGE_TEXT[progress.stage]}</strong>
        {progress.position !== null && <> · your place in the queue: <strong>{progress.position}</strong></>}
      </p>
      <ol class="stepper" aria-label="Progress of your application">
        {steps.map((step) => (
          <li key={step.stage} class={`step step-${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
            <span class="step-mark" aria-hidden="true">
              {step.state === 'done' ? '✓' : ''}
            </span>
            <span class="step-name">{STAGE_TEXT[step.stage]}</span>
            <span class="visually-hidden">{step.state === 'done' ? ' (done)' : step.state === 'current' ? ' (current stage)' : ' (to come)'}</span>
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
    </div>
  );
}
