// The error summary of a form (the GOV.UK design system's pattern): at the top of the form, "There is a
// problem" with each error as a link that moves focus to its field; the summary itself takes focus after
// a failed submit, so that a screen reader reads it and a keyboard goes on from it.
import { useLayoutEffect, useRef } from 'preact/hooks';
import { ApiError, problemLines } from '../api.ts';
import { fieldSentence } from '../messages.ts';

export interface SummaryError {
  text: string;
  /** the id of the field's control (a fieldset's first control takes focus) */
  field?: string;
}

/**
 * A failed request as summary lines: a 422's one per field, linked to the control `idOf(name)` gives
 * (none when the form has no such field); any other failure as its sentence, linked to `otherField`.
 */
export function summaryErrors(failure: unknown, idOf: (name: string) => string | undefined, otherField?: string): SummaryError[] {
  if (!failure) return [];
  if (failure instanceof ApiError && Object.keys(failure.errors).length) {
    return Object.entries(failure.errors).flatMap(([name, messages]) => {
      const text = fieldSentence(name, messages);
      return text ? [{ text, field: idOf(name) }] : [];
    });
  }
  return problemLines(failure).map((text) => ({ text, field: otherField }));
}

/** Focus on the field's control, its label (or its group's legend) scrolled into view above it. */
function focusField(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const control = target instanceof HTMLFieldSetElement ? target.querySelector<HTMLElement>('input, select, textarea') : target;
  control?.focus({ preventScroll: true });
  const label = target instanceof HTMLFieldSetElement ? target.querySelector('legend') : document.querySelector(`label[for="${id}"]`);
  (label ?? target).scrollIntoView({ block: 'start' });
}

/** `shown` changes with each failed submit (the failure itself): the summary takes focus then. */
export function ErrorSummary({ errors, shown, title = 'There is a problem' }: { errors: SummaryError[]; shown: unknown; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (shown && errors.length) ref.current?.focus();
  }, [shown]);
  if (!errors.length) return null;
  return (
    <div class="error-summary" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <div role="alert">
        <h2 id="error-summary-title">{title}</h2>
        <ul>
          {errors.map((error) => (
            <li key={error.text}>
              {error.field ? (
                <a
                  href={`#${error.field}`}
                  onClick={(e) => {
                    e.preventDefault();
                    focusField(error.field!);
                  }}
                >
                  {error.text}
                </a>
              ) : (
                error.text
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
