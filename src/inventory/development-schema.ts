import * as yup from 'yup';
import { bool, externalRef, galleryImages, optionalText, requiredText, ukPostcode, url } from '../sync/payload-fields.ts';

export const TENURES = ['leasehold', 'freehold'] as const;

export const developmentSchema = yup
  .object({
    externalRef: externalRef().required(),
    name: requiredText(),
    displayAddress: requiredText(500),
    postcode: ukPostcode().nullable().default(null),
    latitude: yup.number().typeError('${path} must be a number').min(49, '${path} must be in the UK').max(61, '${path} must be in the UK').nullable().default(null),
    longitude: yup.number().typeError('${path} must be a number').min(-9, '${path} must be in the UK').max(2.5, '${path} must be in the UK').nullable().default(null),
    localAuthority: yup.number().typeError('${path} must be a local authority id').integer().nullable().default(null),
    localAreaName: optionalText(255),
    localAreaDescription: optionalText(),
    specifications: yup
      .array(yup.object({ name: requiredText(), description: yup.string().max(5000).default(''), imageUrls: yup.array(url().required()).default([]) }))
      .default([]),
    galleryImages: galleryImages(),
    videos: yup
      .array(yup.object({ url: url().required(), embedCode: yup.string().max(5000).nullable().default(null), thumbnailUrl: url().nullable().default(null) }))
      .default([]),
    brochures: yup.array(url().required()).default([]),
    tenure: yup.string().oneOf(TENURES, '${path} must be one of: ${values}').required(),
    newBuild: bool(false),
  })
  .noUnknown(false);

export type DevelopmentInput = yup.InferType<typeof developmentSchema>;
