// British National Grid (OSGB36) eastings and northings to WGS84 latitude and longitude: the inverse
// transverse Mercator projection on the Airy 1830 ellipsoid, then the Helmert transformation the Ordnance
// Survey publishes (good to about 5 m, plenty for the centre of a postcode district).

const AIRY = { a: 6377563.396, b: 6356256.909 };
const WGS84 = { a: 6378137, b: 6356752.3142 };
const F0 = 0.9996012717;
const LAT0 = (49 * Math.PI) / 180;
const LON0 = (-2 * Math.PI) / 180;
const [E0, N0] = [400000, -100000];
/** OSGB36 to WGS84: translations (m), scale (ppm), rotations (arc seconds). */
const HELMERT = { tx: 446.448, ty: -125.157, tz: 542.06, s: -20.4894, rx: 0.1502, ry: 0.247, rz: 0.8421 };

function osgb36LatLng(easting: number, northing: number): { lat: number; lng: number } {
  const { a, b } = AIRY;
  const e2 = 1 - (b * b) / (a * a);
  const n = (a - b) / (a + b);
  const meridional = (phi: number) =>
    b *
    F0 *
    ((1 + n + (5 / 4) * n ** 2 + (5 / 4) * n ** 3) * (phi - LAT0) -
      (3 * n + 3 * n ** 2 + (21 / 8) * n ** 3) * Math.sin(phi - LAT0) * Math.cos(phi + LAT0) +
      ((15 / 8) * n ** 2 + (15 / 8) * n ** 3) * Math.sin(2 * (phi - LAT0)) * Math.cos(2 * (phi + LAT0)) -
      (35 / 24) * n ** 3 * Math.sin(3 * (phi - LAT0)) * Math.cos(3 * (phi + LAT0)));
  let phi = LAT0;
  let m = 0;
  do {
    phi = (northing - N0 - m) / (a * F0) + phi;
    m = meridional(phi);
  } while (Math.abs(northing - N0 - m) >= 0.00001);

  const sin = Math.sin(phi);
  const nu = (a * F0) / Math.sqrt(1 - e2 * sin * sin);
  const rho = (a * F0 * (1 - e2)) / (1 - e2 * sin * sin) ** 1.5;
  const eta2 = nu / rho - 1;
  const tan = Math.tan(phi);
  const sec = 1 / Math.cos(phi);
  const vii = tan / (2 * rho * nu);
  const viii = (tan / (24 * rho * nu ** 3)) * (5 + 3 * tan ** 2 + eta2 - 9 * tan ** 2 * eta2);
  const ix = (tan / (720 * rho * nu ** 5)) * (61 + 90 * tan ** 2 + 45 * tan ** 4);
  const x = sec / nu;
  const xi = (sec / (6 * nu ** 3)) * (nu / rho + 2 * tan ** 2);
  const xii = (sec / (120 * nu ** 5)) * (5 + 28 * tan ** 2 + 24 * tan ** 4);
  const xiia = (sec / (5040 * nu ** 7)) * (61 + 662 * tan ** 2 + 1320 * tan ** 4 + 720 * tan ** 6);
  const d = easting - E0;
  return {
    lat: phi - vii * d ** 2 + viii * d ** 4 - ix * d ** 6,
    lng: LON0 + x * d - xi * d ** 3 + xii * d ** 5 - xiia * d ** 7,
  };
}

/** OSGB36 latitude and longitude (radians) to WGS84, through cartesian coordinates and the Helmert transformation. */
function helmert(lat: number, lng: number): { lat: number; lng: number } {
  const e2From = 1 - AIRY.b ** 2 / AIRY.a ** 2;
  const nu = AIRY.a / Math.sqrt(1 - e2From * Math.sin(lat) ** 2);
  const [x1, y1, z1] = [nu * Math.cos(lat) * Math.cos(lng), nu * Math.cos(lat) * Math.sin(lng), (1 - e2From) * nu * Math.sin(lat)];
  const sec = (s: number) => ((s / 3600) * Math.PI) / 180;
  const [rx, ry, rz] = [sec(HELMERT.rx), sec(HELMERT.ry), sec(HELMERT.rz)];
  const s1 = HELMERT.s / 1e6 + 1;
  const x2 = HELMERT.tx + x1 * s1 - y1 * rz + z1 * ry;
  const y2 = HELMERT.ty + x1 * rz + y1 * s1 - z1 * rx;
  const z2 = HELMERT.tz - x1 * ry + y1 * rx + z1 * s1;

  const e2To = 1 - WGS84.b ** 2 / WGS84.a ** 2;
  const p = Math.sqrt(x2 * x2 + y2 * y2);
  let phi = Math.atan2(z2, p * (1 - e2To));
  for (let i = 0; i < 10; i++) {
    const nuTo = WGS84.a / Math.sqrt(1 - e2To * Math.sin(phi) ** 2);
    phi = Math.atan2(z2 + e2To * nuTo * Math.sin(phi), p);
  }
  return { lat: phi, lng: Math.atan2(y2, x2) };
}

/** WGS84 degrees of a National Grid point. */
export function osgbToWgs84(easting: number, northing: number): { lat: number; lng: number } {
  const osgb = osgb36LatLng(easting, northing);
  const wgs = helmert(osgb.lat, osgb.lng);
  return { lat: (wgs.lat * 180) / Math.PI, lng: (wgs.lng * 180) / Math.PI };
}
