// The RTDF request bodies this service reads (Rightmove's Real Time Datafeed, JSON), described once in
// yup from the parts of Rightmove's schema that carry something we keep. Every other field a version of
// RTDF sends (older ones: `principal`, `housing_benefit_considered`; newer ones: `risks`, `obligations`,
// utilities) is not an error: the answer lists it among the warnings as not used.
import * as yup from 'yup';
import { withJsonSchema } from '../../core/validation.ts';
import { MAX_DESCRIPTION_CHARS, MAX_LINE_CHARS } from '../feed-text.ts';

const str = () => yup.string().typeError('${path} must be a string');
const int = () => yup.number().typeError('${path} must be a number').integer('${path} must be a whole number');
const num = () => yup.number().typeError('${path} must be a number');
const bool = () => yup.boolean().typeError('${path} must be true or false');
const nullableInt = () => int().nullable().default(null);
const nullableNum = () => num().nullable().default(null);

const network = yup.object({ network_id: nullableInt() }).default(undefined);

const branch = yup
  .object({
    branch_id: int().min(0).required('${path} is required'),
    channel: withJsonSchema(int().oneOf([1, 2], '${path} must be 1 (sales) or 2 (lettings)').required('${path} is required'), { description: '1 sales, 2 lettings' }),
    overseas: bool().nullable().default(null),
  })
  .required('branch is required');

/** dd-MM-yyyy HH:mm:ss, as RTDF writes dates */
const rtdfDate = () => str().matches(/^\d{2}-\d{2}-\d{4}( \d{2}:\d{2}:\d{2})?$/, '${path} must be a date dd-MM-yyyy HH:mm:ss').nullable().default(null);

const agentRef = () => str().min(1, '${path} is required').max(80, '${path} must be at most 80 characters').required('${path} is required');

export const sendPropertyBody = yup
  .object({
    network,
    branch,
    property: yup
      .object({
        agent_ref: agentRef(),
        published: bool().required('${path} is required'),
        property_type: int().min(0).required('${path} is required'),
        status: withJsonSchema(int().min(1, '${path} must be 1 to 6').max(6, '${path} must be 1 to 6').required('${path} is required'), {
          description: '1 available, 2 SSTC, 3 SSTCM, 4 under offer, 5 reserved, 6 let agreed',
        }),
        new_home: bool().nullable().default(null),
        create_date: rtdfDate(),
        update_date: rtdfDate(),
        address: yup
          .object({
            house_name_number: str().required('${path} is required'),
            address_2: str().nullable().default(null),
            address_3: str().nullable().default(null),
            address_4: str().nullable().default(null),
            town: str().required('${path} is required'),
            postcode_1: str().required('${path} is required'),
            postcode_2: str().required('${path} is required'),
            display_address: str().required('${path} is required'),
            latitude: num().min(-90).max(90).nullable().default(null),
            longitude: num().min(-180).max(180).nullable().default(null),
          })
          .required('${path} is required'),
        price_information: yup
          .object({
            price: num().required('${path} is required'),
            price_qualifier: nullableInt(),
            deposit: nullableNum(),
            rent_frequency: nullableInt(),
            tenure_type: nullableInt(),
            tenure_unexpired_years: nullableInt(),
            shared_ownership: bool().nullable().default(null),
            shared_ownership_percentage: nullableNum(),
            shared_ownership_rent: nullableNum(),
            shared_ownership_rent_frequency: nullableInt(),
            annual_ground_rent: nullableNum(),
            annual_service_charge: nullableNum(),
          })
          .required('${path} is required'),
        details: yup
          .object({
            // lengths checked before the text is cleaned
            summary: str().max(MAX_LINE_CHARS, '${path} must be at most ${max} characters').required('${path} is required'),
            description: str().max(MAX_DESCRIPTION_CHARS, '${path} must be at most ${max} characters').required('${path} is required'),
            features: yup.array(str().max(MAX_LINE_CHARS, '${path} must be at most ${max} characters').required()).max(10, '${path} must hold at most 10 features').nullable().default(null),
            bedrooms: int().min(0).required('${path} is required'),
            bathrooms: nullableInt(),
            reception_rooms: nullableInt(),
            internal_area: nullableNum(),
            internal_area_unit: nullableInt(),
            furnished_type: nullableInt(),
            council_tax_band: str().nullable().default(null),
          })
          .required('${path} is required'),
        media: yup
          .array(
            yup.object({
              media_type: int().min(1).max(7).required('${path} is required'),
              media_url: str().max(250).required('${path} is required'),
              caption: str().max(MAX_LINE_CHARS, '${path} must be at most ${max} characters').nullable().default(null),
              sort_order: nullableInt(),
              media_update_date: rtdfDate(),
            }),
          )
          .nullable()
          .default(null),
      })
      .required('property is required'),
  })
  .typeError('The body must be a JSON object')
  .required('The body must be a JSON object');

export const removePropertyBody = yup
  .object({
    network,
    branch,
    property: yup
      .object({
        agent_ref: agentRef(),
        removal_reason: nullableInt(),
        transaction_date: rtdfDate(),
      })
      .required('property is required'),
  })
  .typeError('The body must be a JSON object')
  .required('The body must be a JSON object');

export const branchPropertyListBody = yup.object({ network, branch }).typeError('The body must be a JSON object').required('The body must be a JSON object');

export type SendPropertyRequest = yup.InferType<typeof sendPropertyBody>;
export type RemovePropertyRequest = yup.InferType<typeof removePropertyBody>;
export type BranchPropertyListRequest = yup.InferType<typeof branchPropertyListBody>;

/** The paths of a body that the schema does not know (a field of another RTDF version), without array indexes. */
export function unknownPaths(value: unknown, schema: yup.Schema, path = ''): string[] {
  if (schema instanceof yup.ObjectSchema && value && typeof value === 'object' && !Array.isArray(value)) {
    const fields = schema.fields as Record<string, yup.Schema>;
    return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) => {
      const at = path ? `${path}.${key}` : key;
      return key in fields ? unknownPaths(v, fields[key]!, at) : [at];
    });
  }
  if (schema instanceof yup.ArraySchema && Array.isArray(value) && schema.innerType) {
    return [...new Set(value.flatMap((item) => unknownPaths(item, schema.innerType as yup.Schema, `${path}[]`)))];
  }
  return [];
}
