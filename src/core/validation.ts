// yup in one place: validated input or a 422 with errors per parameter.
import * as yup from 'yup';
import { ValidationError, type FieldErrors } from './errors.ts';

export function toFieldErrors(err: yup.ValidationError): FieldErrors {
  const errors: FieldErrors = {};
  const items = err.inner.length ? err.inner : [err];
  for (const item of items) {
    const key = item.path || '_';
    (errors[key] ??= []).push(item.message);
  }
  return errors;
}

export function validate<S extends yup.AnySchema>(schema: S, input: unknown): yup.InferType<S> {
  try {
    return schema.validateSync(input, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    if (err instanceof yup.ValidationError) {
      const errors = toFieldErrors(err);
      const first = Object.values(errors)[0]?.[0];
      const count = Object.values(errors).flat().length;
      const message = count > 1 ? `${first} (and ${count - 1} more error${count > 2 ? 's' : ''})` : (first ?? 'The given data was invalid.');
      throw new ValidationError(errors, message);
    }
    throw err;
  }
}

/** For `.transform(trimmed)`: yup's own `.trim()` calls `.trim()` on whatever came, and a JSON object is no string. */
export const trimmed = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);
