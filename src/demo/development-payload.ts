// A development as an integrator would PUT it (every field given, as the schema's defaults would fill it).
import type { Rng } from './random.ts';
import { cityOf, type Place } from './places.ts';
import { SPECIFICATIONS } from './catalogue.ts';
import { brochureUrl, gallery, imageUrl, videoFor } from './images.ts';

export type DevelopmentStyle = 'apartments' | 'houses' | 'mixed';

export interface DevelopmentPayload {
  externalRef: string;
  name: string;
  displayAddress: string;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
  localAuthority: number | null;
  localAreaName: string;
  localAreaDescription: string;
  specifications: { name: string; description: string; imageUrls: string[] }[];
  galleryImages: ReturnType<typeof gallery>;
  videos: ReturnType<typeof videoFor>[];
  brochures: string[];
  tenure: 'leasehold' | 'freehold';
  newBuild: boolean;
}

export interface DevelopmentFacts {
  ref: string;
  name: string;
  place: Place;
  area: string;
  street: string;
  postcode: string | null;
  /** given when the postcode is not a known one (else the sync service takes them from it) */
  position: { latitude: number; longitude: number; localAuthority: number | null } | null;
  style: DevelopmentStyle;
  tenure: 'leasehold' | 'freehold';
  newBuild: boolean;
}

const AREA_NOTES = [
  'Independent cafés, a weekly market and a large supermarket are within a ten-minute walk.',
  'Several primary schools rated good or outstanding are close by.',
  'Parks, playgrounds and a leisure centre are all nearby.',
  'Frequent buses run to the town centre and the station.',
  'A cycle route runs past the front door.',
];

const GALLERY_CAPTIONS = ['Street view', 'Entrance', 'Communal garden', 'Living area', 'Kitchen', 'Main bedroom', 'Bathroom', 'Local park'];

/** "Wharf Road, Camden Town, London": street, neighbourhood and city without repeating a name. */
export function displayAddress(street: string, area: string, place: Place): string {
  const parts = [street, area, place.group === 'london' && area !== place.town ? '' : place.town, cityOf(place)];
  return parts.filter((p, i) => p && parts.indexOf(p) === i).join(', ');
}

export function developmentPayload(f: DevelopmentFacts, rng: Rng): DevelopmentPayload {
  const base = `developments/${f.ref}`;
  const specs = rng.sample(SPECIFICATIONS, rng.int(3, 6)).map((s, i) => ({
    name: s.name,
    description: s.description,
    imageUrls: i < 2 ? [imageUrl(`${base}/spec-${i + 1}`)] : [],
  }));
  return {
    externalRef: f.ref,
    name: f.name,
    displayAddress: displayAddress(`${rng.int(1, 180)} ${f.street}`, f.area, f.place),
    postcode: f.postcode,
    latitude: f.position?.latitude ?? null,
    longitude: f.position?.longitude ?? null,
    localAuthority: f.position?.localAuthority ?? null,
    localAreaName: f.area,
    localAreaDescription: `${f.area} ${f.place.blurb}. ${rng.sample(AREA_NOTES, 2).join(' ')}`,
    specifications: specs,
    galleryImages: gallery(base, rng.sample(GALLERY_CAPTIONS, rng.int(4, 8)), f.name),
    videos: rng.chance(0.5) ? [videoFor(f.ref)] : [],
    brochures: rng.chance(0.8) ? [brochureUrl(f.ref)] : [],
    tenure: f.tenure,
    newBuild: f.newBuild,
  };
}
