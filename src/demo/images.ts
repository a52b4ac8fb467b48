// Image and file addresses of the demo data (example.org only, never real photographs).

const IMAGES = 'https://images.example.org';

export interface ImageSet {
  largeSize: string;
  mediumSize: string;
  thumbnail: string;
}

export function imageSet(path: string): ImageSet {
  return {
    largeSize: `${IMAGES}/large/${path}.jpg`,
    mediumSize: `${IMAGES}/medium/${path}.jpg`,
    thumbnail: `${IMAGES}/thumbnail/${path}.jpg`,
  };
}

export function gallery(path: string, captions: readonly string[], altPrefix: string) {
  return captions.map((caption, i) => ({
    ...imageSet(`${path}/${i + 1}`),
    alternativeText: `${altPrefix}: ${caption.toLowerCase()}`,
    caption,
  }));
}

export const imageUrl = (path: string): string => `${IMAGES}/large/${path}.jpg`;
export const logoUrl = (slug: string): string => `${IMAGES}/logos/${slug}.png`;
export const floorplanUrls = (path: string) => ({
  url: `${IMAGES}/floorplans/${path}.png`,
  thumbnailUrl: `${IMAGES}/floorplans/thumbnail/${path}.png`,
});
export const brochureUrl = (ref: string): string => `https://files.example.org/brochures/${ref}.pdf`;
export const videoFor = (ref: string) => ({
  url: `https://video.example.org/developments/${ref}/tour.mp4`,
  embedCode: `<iframe src="https://video.example.org/embed/${ref}" width="640" height="360" allowfullscreen></iframe>`,
  thumbnailUrl: `${IMAGES}/thumbnail/developments/${ref}/video.jpg`,
});
