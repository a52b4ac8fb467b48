// A static map image with a pin at the listing's position (OpenStreetMap tiles, 16x9).
export function mapImageUrl(latitude: number, longitude: number): string {
  const at = `${latitude.toFixed(6)},${longitude.toFixed(6)}`;
  return `https://staticmap.openstreetmap.de/staticmap.php?center=${at}&zoom=15&size=720x405&markers=${at},red-pushpin`;
}
