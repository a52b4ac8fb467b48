// yup building blocks shared by the synchronisation payloads. Missing optional fields become null or
// their default, so that a PUT replaces the whole object and an identical PUT changes nothing.
import * as yup from 'yup';
import { trimmed } from '../core/validation.ts';
import { normalisePostcode } from '../postcodes/postcode-format.ts';

export const externalRef = () =>
  yup
    .string()
    .transform(trimmed)
    .min(1)
    .max(100)
    .matches(/^[A-Za-z0-9._:\-/]+$/, '${path} may hold letters, digits and . _ : - / only');

export const optionalText = (max = 10_000) => yup.string().max(max).nullable().default(null);
export const requiredText = (max = 255) => yup.string().transform(trimmed).min(1, '${path} is required').max(max).required();
export const money = () => yup.number().typeError('${path} must be a number').min(0, '${path} must not be negative').nullable().default(null);
export const percent = () => yup.number().typeError('${path} must be a number').min(0).max(100).nullable().default(null);
export const count = () => yup.number().typeError('${path} must be a whole number').integer('${path} must be a whole number').min(0, '${path} must not be negative');
export const url = () => yup.string().transform(trimmed).url('${path} must be a URL');

export const isoDate = () =>
  yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}$/, '${path} must be a date YYYY-MM-DD')
    .test('real-date', '${path} must be a real date', (v) => v == null || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

export const dateTime = () =>
  yup.string().test('iso-datetime', '${path} must be an ISO 8601 date-time', (v) => v == null || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))));

export const ukPostcode = () =>
  yup
    .string()
    .test('uk-postcode', '${path} must be a valid UK postcode', (v) => v == null || normalisePostcode(v) !== null)
    .transform((v: unknown) => (typeof v === 'string' && normalisePostcode(v) ? normalisePostcode(v) : v));

export const imageSet = () =>
  yup.object({ largeSize: url().required(), mediumSize: url().required(), thumbnail: url().required() }).noUnknown().default(undefined);

export const galleryImages = () =>
  yup
    .array(
      yup.object({
        largeSize: url().required(),
        mediumSize: url().required(),
        thumbnail: url().required(),
        alternativeText: yup.string().max(255).default(''),
        caption: yup.string().max(1000).default(''),
      }),
    )
    .default([]);

export const bool = (fallback: boolean) => yup.boolean().typeError('${path} must be true or false').default(fallback);
