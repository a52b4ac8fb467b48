import * as yup from 'yup';
import { atMost, MAX_ITEMS, bool, withJsonSchema, externalRef, galleryImages, MAX_ID, optionalText, plainNumber, plainString, requiredText, textOrEmpty, ukPostcode, url } from '../sync/payload-fields.ts';

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
  specifications: atMost(yup.array(yup.object({ name: requiredText(), description: textOrEmpty(5000), imageUrls: atMost(yup.array(url().required()), MAX_ITEMS.imageUrls).default([]) })), MAX_ITEMS.specifications).default([]),
  galleryImages: galleryImages(),
  videos: atMost(yup.array(yup.object({ url: url().required(), embedCode: optionalText(5000), thumbnailUrl: url().nullable().default(null) })), MAX_ITEMS.videos).default([]),
  brochures: atMost(yup.array(url().required()), MAX_ITEMS.brochures).default([]),
  tenure: plainString().nullable().oneOf([...TENURES, null], '${path} must be one of: leasehold, freehold').default(null),
  newBuild: bool(false),
});

export type DevelopmentInput = yup.InferType<typeof developmentSchema>;
