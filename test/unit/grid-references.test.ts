// The service's grid conversions against proj4's (EPSG:27700 and EPSG:29903 with the OS's seven-parameter
// transformations), for grid references across Great Britain and Northern Ireland: within 5 m.
import { expect } from 'chai';
import proj4 from 'proj4';
import { irishGridToWgs84, osgbToWgs84 } from '../../src/postcodes/grid-references.ts';

proj4.defs('EPSG:27700', '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs');
proj4.defs('EPSG:29903', '+proj=tmerc +lat_0=53.5 +lon_0=-8 +k=1.000035 +x_0=200000 +y_0=250000 +ellps=mod_airy +towgs84=482.5,-130.6,564.6,-1.042,-0.214,-0.631,8.15 +units=m +no_defs');

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180));

describe('grid references to WGS84, against proj4', () => {
  const british: [string, number, number][] = [
    ['W1W 7RG', 529150, 181542],
    ['TR19 7AA (Land’s End)', 134340, 25043],
    ['ZE2 9AA (Shetland)', 454065, 1162174],
    ['HS1 2BW (Stornoway)', 142891, 932830],
    ['NR1 4AS (Norwich)', 624431, 308722],
  ];
  for (const [name, e, n] of british) {
    it(`converts ${name} on the National Grid within 5 m`, () => {
      const [lng, lat] = proj4('EPSG:27700', 'WGS84', [e, n]);
      expect(metres(osgbToWgs84(e, n), { lat: lat!, lng: lng! })).to.be.lessThan(5);
    });
  }
  const irish: [string, number, number][] = [
    ['BT1 5GS (Belfast)', 333832, 374014],
    ['Derry', 243300, 416700],
    ['Enniskillen', 223400, 344200],
    ['Newry', 308800, 326600],
  ];
  for (const [name, e, n] of irish) {
    it(`converts ${name} on the Irish Grid within 5 m`, () => {
      const [lng, lat] = proj4('EPSG:29903', 'WGS84', [e, n]);
      expect(metres(irishGridToWgs84(e, n), { lat: lat!, lng: lng! })).to.be.lessThan(5);
    });
  }
});
