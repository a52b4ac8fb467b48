// The answers of the error middleware: `{message}`, and 422 `{message, errors}`.
import { about, listOf, mapOf, named, shape, text, type Payload } from './openapi/payload-fields.ts';

export const errorPayload = named('Error', shape({ message: text }));

export const validationErrorPayload = named(
  'ValidationError',
  shape({ message: text, errors: about(mapOf(listOf(text)), 'messages per parameter') }),
);

export type ErrorPayload = Payload<typeof errorPayload>;
export type ValidationErrorPayload = Payload<typeof validationErrorPayload>;

/** The most of the caller's input an error answer may quote, in characters (a longer message is clipped, clip()). */
export const MAX_ECHO_CHARS = 300;
const TAIL_CHARS = 80;

/**
 * A message or field name as an error answer gives it: one longer than MAX_ECHO_CHARS + TAIL_CHARS keeps
 * its start (what is wrong) and its end (the rule), with an ellipsis for the middle, so that a huge value
 * sent is never echoed back whole.
 */
export function clip(text: string): string {
  return text.length <= MAX_ECHO_CHARS + TAIL_CHARS ? text : `${text.slice(0, MAX_ECHO_CHARS)}…${text.slice(-TAIL_CHARS)}`;
}

/** The most fields a 422 names (the rest are counted under `_`), and messages a field. */
export const MAX_ERROR_FIELDS = 50;
const MAX_FIELD_MESSAGES = 5;

/**
 * A 422's errors as answered: every message and field name clipped (clip()), at most MAX_ERROR_FIELDS
 * fields of MAX_FIELD_MESSAGES messages each, those left out counted under `_`.
 */
export function clipErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const entries = Object.entries(errors);
  const kept = entries.slice(0, MAX_ERROR_FIELDS).map(([field, messages]): [string, string[]] => [clip(field), messages.slice(0, MAX_FIELD_MESSAGES).map(clip)]);
  const out = Object.fromEntries(kept);
  const left = entries.length - kept.length;
  if (left > 0) out._ = [...(out._ ?? []), `and ${left} more field${left === 1 ? '' : 's'} with errors`];
  return out;
}
