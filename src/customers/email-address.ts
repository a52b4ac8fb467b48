// E-mail addresses are compared and stored trimmed and lower-cased.
import * as yup from 'yup';
import { trimmed } from '../core/validation.ts';

export function normaliseEmail(input: string): string {
  return (trimmed(input) as string).toLowerCase();
}

export const emailField = (label = 'email') =>
  yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' ? normaliseEmail(v) : v))
    .typeError(`${label} must be a string`)
    .required(`${label} is required`)
    .max(254, `${label} must be at most 254 characters`)
    .email(`${label} must be a valid e-mail address`);
