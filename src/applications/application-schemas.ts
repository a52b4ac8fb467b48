// Request bodies and query strings of register interest and applications.
import * as yup from 'yup';
import { queryFlag, trimmed } from '../core/validation.ts';
import { customerFieldsShape } from '../customers/customer-fields.ts';
import { emailField } from '../customers/email-address.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/passwords.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/common-passwords.ts';

/** bedroom counts of interest a registration may name */
const MAX_BEDROOM_CHOICES = 20;

const additionalInfo = yup
  .string()
  .typeError('additionalInfo must be a string')
  .transform(trimmed)
  .max(5000, 'additionalInfo must be at most 5000 characters')
  .nullable();

export const validateEligibilityQuery = yup.object({ validate_eligibility: queryFlag('validate_eligibility') });
export const archivedQuery = yup.object({ archived: queryFlag('archived') });

export const registerInterestSchema = yup.object({
  ...customerFieldsShape,
  email: emailField().optional().default(undefined),
  password: yup
    .string()
    .typeError('password must be a string')
    .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .test('not-common', COMMON_PASSWORD_MESSAGE('password'), (v) => !v || !isCommonPassword(v)),
  property: yup
    .number()
    .typeError('property must be a property id')
    .integer('property must be a property id')
    .positive('property must be a property id')
    .nullable(),
  bedrooms: yup
    .array(
      yup
        .number()
        .typeError('bedrooms must be whole numbers')
        .integer('bedrooms must be whole numbers')
        .min(0, 'bedrooms must not be negative')
        .required(),
    )
    .typeError('bedrooms must be an array of whole numbers')
    .max(MAX_BEDROOM_CHOICES, `bedrooms must hold at most ${MAX_BEDROOM_CHOICES} items`)
    .nullable(),
  additionalInfo,
});

export const applicationUpdateSchema = yup.object({ ...customerFieldsShape, additionalInfo });
export const tokenUpdateSchema = yup.object({
  ...customerFieldsShape,
  additionalInfo,
  updateToken: yup.string().typeError('updateToken must be a string').required('updateToken is required').max(200),
});

export const sizeQuery = yup.object({
  size: yup.number().typeError('size must be a whole number').integer('size must be a whole number').min(1).max(50).default(3),
});
