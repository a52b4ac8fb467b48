// Request bodies of the appointment endpoints.
import * as yup from 'yup';
import { maxChars, queryFlag, recordId, trimmed } from '../core/validation.ts';

export const slotBodySchema = yup.object({
  slot: recordId('slot must be a slot id').required('slot is required'),
  remarks: maxChars(yup.string().typeError('remarks must be a string').transform(trimmed), 2000, 'remarks must be at most 2000 characters').nullable(),
});

/** The calendar file's query: the token of its link. */
export const calendarQuery = yup.object({
  token: yup.string().required('token is required').max(64, 'token must be at most 64 characters'),
});

/** Only the appointments still to come (the customer's list of all appointments). */
export const upcomingQuery = yup.object({ upcoming: queryFlag('upcoming') });
