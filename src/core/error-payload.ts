// The answers of the error middleware: `{message}`, and 422 `{message, errors}`.
import { about, listOf, mapOf, named, shape, text, type Payload } from './openapi/payload-fields.ts';

export const errorPayload = named('Error', shape({ message: text }));

export const validationErrorPayload = named(
  'ValidationError',
  shape({ message: text, errors: about(mapOf(listOf(text)), 'messages per parameter') }),
);

export type ErrorPayload = Payload<typeof errorPayload>;
export type ValidationErrorPayload = Payload<typeof validationErrorPayload>;
