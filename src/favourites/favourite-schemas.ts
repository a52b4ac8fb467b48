// Request body of adding a favourite.
import * as yup from 'yup';
import { recordId } from '../core/validation.ts';

export const addFavouriteSchema = yup.object({
  listing: recordId('listing must be a listing id').required('listing is required'),
});
