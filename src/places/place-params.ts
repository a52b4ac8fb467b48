// The autocomplete query string, validated: 422 with errors per parameter for anything malformed.
import * as yup from 'yup';
import { maxChars } from '../core/validation.ts';

export const MAX_PLACE_SUGGESTIONS = 20;
export const DEFAULT_PLACE_SUGGESTIONS = 8;
const MAX_QUERY_LENGTH = 100;

export const placeQuerySchema = yup.object({
  q: maxChars(yup.string().typeError('q must be text'), MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`),
  size: yup
    .number()
    .typeError('size must be a whole number')
    .integer('size must be a whole number')
    .min(1, 'size must be at least 1')
    .max(MAX_PLACE_SUGGESTIONS, `size must be at most ${MAX_PLACE_SUGGESTIONS}`)
    .default(DEFAULT_PLACE_SUGGESTIONS),
});

export type PlaceQuery = yup.InferType<typeof placeQuerySchema>;
