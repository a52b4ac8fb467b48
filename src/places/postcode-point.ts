// Where a UK postcode is, for distances from a home or work postcode: the postcode's own point when the
// place data holds it, else the centre of its district (outward code); a postcode whose district is
// unknown too has no point.
import { ValidationError } from '../core/errors.ts';
import { normalisePostcode, postcodeDistrict } from '../postcodes/postcode-format.ts';

export interface PostcodePoint {
  /** normalised, e.g. "LS1 4AP" */
  postcode: string;
  latitude: number;
  longitude: number;
  /** `postcode` when the place data holds the postcode itself, `district` when its district's centre stands in */
  precision: 'postcode' | 'district';
}

export interface PostcodePointResolver {
  /** The point of a postcode (any case and spacing); null when it is not a UK postcode or its district is unknown. */
  pointOfPostcode(text: string): Promise<PostcodePoint | null>;
}

/** The point of a postcode given in the request parameter `field`: 422 on that field when it has none. */
export async function requirePostcodePoint(resolver: PostcodePointResolver, text: string, field: string): Promise<PostcodePoint> {
  const postcode = normalisePostcode(text.trim());
  if (!postcode) throw ValidationError.field(field, `${field} must be a UK postcode`);
  const point = await resolver.pointOfPostcode(postcode);
  if (!point) throw ValidationError.field(field, `${field} ${postcode} is in no known postcode district (${postcodeDistrict(postcode)})`);
  return point;
}
