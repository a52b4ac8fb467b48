// Request bodies of the appointment endpoints.
import * as yup from 'yup';
import { trimmed } from '../core/validation.ts';

export const slotBodySchema = yup.object({
  slot: yup
    .number()
    .typeError('slot must be a slot id')
    .required('slot is required')
    .integer('slot must be a slot id')
    .positive('slot must be a slot id'),
  remarks: yup.string().typeError('remarks must be a string').transform(trimmed).max(2000, 'remarks must be at most 2000 characters').nullable(),
});
