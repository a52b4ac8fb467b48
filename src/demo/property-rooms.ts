// Room schedules, floor plans and feature sections of a demo home.
import type { Rng } from './random.ts';
import { ACCESSIBILITY, BUILDING, HEATING, OUTSIDE_SPACE, PARKING, type TypeGroup } from './catalogue.ts';
import { floorplanUrls } from './images.ts';

export interface Room {
  name: string;
  additionalDetails: string | null;
  units: 'foot' | 'metre';
  width: number | null;
  length: number | null;
  floorArea: number | null;
}

export interface FeatureSection {
  section: string;
  values: string[];
}

function room(rng: Rng, name: string, width: [number, number], length: [number, number], additionalDetails: string | null = null): Room {
  const w = rng.float(width[0], width[1]);
  const l = rng.float(length[0], length[1]);
  return { name, additionalDetails, units: 'metre', width: w, length: l, floorArea: Math.round(w * l * 100) / 100 };
}

export function roomsFor(rng: Rng, group: TypeGroup, bedrooms: number, bathrooms: number, outside: string | null): Room[] {
  if (bedrooms === 0) {
    return [
      room(rng, 'Studio', [4.5, 6], [5, 6.5], 'Open-plan living, kitchen and sleeping area'),
      room(rng, 'Shower room', [1.7, 2.2], [1.9, 2.4]),
    ];
  }
  const rooms: Room[] = [];
  const doors = outside && outside !== 'Communal garden' ? `Doors to the ${outside.toLowerCase()}` : null;
  if (group === 'house' || group === 'other') {
    rooms.push(room(rng, 'Living room', [3.4, 4.4], [4.2, 5.6]), room(rng, 'Kitchen/dining room', [3, 4.2], [4, 5.8], doors));
    rooms.push(room(rng, 'Cloakroom', [0.9, 1.2], [1.6, 2]));
  } else {
    rooms.push(room(rng, 'Kitchen/living/dining room', [3.4, 4.6], [5.5, 7.8], doors));
  }
  for (let b = 1; b <= bedrooms; b++) {
    rooms.push(
      b === 1 ? room(rng, 'Bedroom 1', [3, 3.6], [3.4, 4.4], 'Built-in wardrobe') : room(rng, `Bedroom ${b}`, [2.3, 3.1], [2.6, 3.5]),
    );
  }
  if (bathrooms > 1) rooms.push(room(rng, 'En-suite', [1.5, 2], [2, 2.5]));
  rooms.push(room(rng, 'Bathroom', [1.9, 2.3], [2, 2.6]));
  if (bathrooms > 2) rooms.push(room(rng, 'Shower room', [1.6, 2], [1.9, 2.3]));
  return rooms;
}

export function floorplansFor(path: string, label: string, floors: number, inBlock: boolean) {
  const names =
    floors === 1 ? [''] : (inBlock ? ['lower level', 'upper level'] : ['ground floor', 'first floor', 'second floor']).slice(0, floors);
  return names.map((floor, i) => ({
    ...floorplanUrls(floors === 1 ? path : `${path}-${i}`),
    alternativeText: `Floor plan of the ${label}${floor ? `, ${floor}` : ''}`,
    caption: floor ? `${label[0]!.toUpperCase()}${label.slice(1)} – ${floor}` : `${label[0]!.toUpperCase()}${label.slice(1)}`,
  }));
}

export function featuresFor(rng: Rng, group: TypeGroup, level: number | null, outside: string | null, toRent: boolean): FeatureSection[] {
  const houseLike = group === 'house' || group === 'bungalow' || group === 'other';
  const sections: FeatureSection[] = [];
  if (rng.chance(houseLike ? 0.9 : 0.55))
    sections.push({ section: 'Parking', values: rng.sample(houseLike ? PARKING.house : PARKING.flat, rng.int(1, 2)) });
  if (outside) sections.push({ section: 'Outside space', values: [outside] });
  const access: string[] = [];
  if (!houseLike && level !== null && level > 0) access.push('Lift access');
  if (level === 0 || (!houseLike && rng.chance(0.6)) || group === 'bungalow') access.push('Step-free access');
  if (rng.chance(0.08)) access.push(ACCESSIBILITY[2], ACCESSIBILITY[3]);
  if (access.length) sections.push({ section: 'Accessibility', values: [...new Set(access)] });
  sections.push({ section: 'Heating', values: [rng.pick(HEATING)] });
  if (!houseLike && rng.chance(0.6)) sections.push({ section: 'Building', values: rng.sample(BUILDING, rng.int(1, 3)) });
  if (rng.chance(toRent ? 0.3 : 0.1)) sections.push({ section: 'Pets', values: ['Pets allowed'] });
  return sections;
}

export function outsideSpaceFor(rng: Rng, group: TypeGroup): string | null {
  if (group === 'flat' || group === 'maisonette') return rng.chance(0.75) ? rng.pick(OUTSIDE_SPACE.flat) : null;
  return rng.pick(OUTSIDE_SPACE.house);
}
