// Request bodies of the sign-up and sign-in endpoints.
import * as yup from 'yup';
import { HTTP_URL_PATTERN, maxChars, trimmed } from '../core/validation.ts';
import { emailField } from '../customers/email-address.ts';
import { customerFieldsShape } from '../customers/customer-fields.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords.ts';
import { isHttpUrl } from './magic-link-url.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';

const HTTP_URL = new RegExp(HTTP_URL_PATTERN);
const linkUrl = maxChars(yup.string().typeError('url must be a string').transform(trimmed), 2000, 'url must be at most 2000 characters')
  .required('url is required')
  .matches(HTTP_URL, 'url must be an absolute http(s) URL')
  // the pattern only lets through what URL parsers take; this is the safety net under it
  .test('http-url', 'url must be an absolute http(s) URL', (v) => !v || !HTTP_URL.test(v) || isHttpUrl(v));

export const passwordField = (label: string) =>
  yup
    .string()
    .typeError(`${label} must be a string`)
    .required(`${label} is required`)
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .test('not-common', COMMON_PASSWORD_MESSAGE(label), (v) => !v || !isCommonPassword(v));

/** A password to check (not to set): any non-empty string. */
const givenPassword = (label: string) =>
  yup.string().typeError(`${label} must be a string`).required(`${label} is required`).max(PASSWORD_MAX_LENGTH);

export const linkRequestSchema = yup.object({ url: linkUrl, email: emailField() });

/** Where a confirmation link points; unset: the portal's link page (link-origins.ts). */
const confirmationUrl = linkUrl.optional().default(undefined);

export const passwordlessRegisterSchema = yup.object({ ...customerFieldsShape, url: linkUrl, email: emailField() });

export const passwordRegisterSchema = yup.object({
  ...customerFieldsShape,
  email: emailField(),
  password: passwordField('password'),
  url: confirmationUrl,
});

export const passwordLoginSchema = yup.object({ email: emailField(), password: givenPassword('password') });

export const refreshSchema = yup.object({
  refreshToken: yup.string().typeError('refreshToken must be a string').required('refreshToken is required').max(200),
});

export const resetPasswordSchema = yup.object({ newPassword: passwordField('newPassword') });

export const linkEmailChangeSchema = yup.object({
  currentEmail: emailField('currentEmail'),
  newEmail: emailField('newEmail'),
  url: confirmationUrl,
});

export const changePasswordSchema = yup.object({
  currentPassword: givenPassword('currentPassword'),
  newPassword: passwordField('newPassword'),
});

export const changeEmailSchema = yup.object({
  currentEmail: emailField('currentEmail'),
  newEmail: emailField('newEmail'),
  password: givenPassword('password'),
  url: confirmationUrl,
});
