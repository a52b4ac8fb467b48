import * as yup from 'yup';
import { bool, withJsonSchema, externalRef, galleryImages, MAX_ID, optionalText, plainNumber, plainString, requiredText, textOrEmpty, ukPostcode, url } from '../sync/payload-fields.ts';

export const TENURES = ['leasehold', 'freehold'] as const;

const coordinate = (min: number, max: number) =>
  plainNumber()
    .min(min, '${path} must be in the UK')
    .max(max, '${path} must be in the UK')
    .nullable()
    .default(null);

export const developmentSchema = yup.object({
  externalRef: externalRef().required(),
  name: requiredText(),
  displayAddress: requiredText(500),
  postcode: ukPostcode().nullable().default(null),
  latitude: coordinate(49, 61),
  longitude: coordinate(-9, 2.5),
  localAuthority: withJsonSchema(
    plainNumber()
      .typeError('${path} must be a local authority id')
      .integer('${path} must be a local authority id')
      .min(1, '${path} must be a local authority id')
      .max(MAX_ID, '${path} must be a local authority id')
      .nullable()
      .default(null),
    { description: 'local-authority id; derived from the postcode when absent' },
  ),
  localAreaName: optionalText(255),
  localAreaDescription: optionalText(),
  specifications: yup.array(yup.object({ name: requiredText(), description: textOrEmpty(5000), imageUrls: yup.array(url().required()).default([]) })).default([]),
  galleryImages: galleryImages(),
  videos: yup.array(yup.object({ url: url().required(), embedCode: optionalText(5000), thumbnailUrl: url().nullable().default(null) })).default([]),
  brochures: yup.array(url().required()).default([]),
  tenure: plainString().nullable().oneOf([...TENURES, null], '${path} must be one of: leasehold, freehold').default(null),
  newBuild: bool(false),
});

export type DevelopmentInput = yup.InferType<typeof developmentSchema>;
