// Query strings of the listing reads.
import * as yup from 'yup';

export const bedroomsQuery = yup.object({
  bedrooms: yup
    .array(yup.number().typeError('bedrooms must be whole numbers').integer('bedrooms must be whole numbers').min(0).required())
    .transform((_v: unknown, o: unknown) => (o === undefined ? undefined : Array.isArray(o) ? o : [o]))
    .default([]),
});

export const sizeQuery = (fallback: number) =>
  yup.object({ size: yup.number().typeError('size must be a whole number').integer('size must be a whole number').min(1).max(50).default(fallback) });
