// Where a UK postcode is: its own point when the place data holds it, else the centre of its district
// (outward code), else unknown. The one function search asks, so that the resolver behind it can change.
import { LRUCache } from 'lru-cache';
import type { PlaceResolver } from './gazetteer.ts';
import { normalisePostcode, postcodeDistrict } from '../postcodes/postcode-format.ts';

export interface PostcodePoint {
  postcode: string;
  latitude: number;
  longitude: number;
}

export type PostcodeLocator = (text: string) => Promise<PostcodePoint | null>;

/** A locator over the gazetteer, its answers kept (postcodes do not move between imports). */
export function postcodeLocator(gazetteer: PlaceResolver): PostcodeLocator {
  const kept = new LRUCache<string, { point: PostcodePoint | null }>({ max: 20_000, ttl: 10 * 60_000 });
  return async (text) => {
    const postcode = normalisePostcode(text.trim());
    if (!postcode) return null;
    const hit = kept.get(postcode);
    if (hit) return hit.point;
    const own = await gazetteer.resolve(postcode);
    const place = own?.kind === 'postcode' ? own : await gazetteer.resolve(postcodeDistrict(postcode));
    const point = place && (place.kind === 'postcode' || place.kind === 'district') ? { postcode, latitude: place.center.lat, longitude: place.center.lng } : null;
    kept.set(postcode, { point });
    return point;
  };
}
