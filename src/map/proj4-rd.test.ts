import { describe, expect, it } from 'vitest';
import lean from './proj4-rd';
// the package's whole bundle, every projection, its own copy of every part (`proj4` itself resolves to
// the lean module in this build; the package's lib/index.js would share the lean module's parts)
// @ts-expect-error the bundle has no type declarations of its own (the entry's are the same)
import full from 'proj4/dist/proj4-src.js';
import { RD_PROJECTION, transformPoint } from '@meldloket/engine';

lean.defs('EPSG:28992', RD_PROJECTION);
full.defs('EPSG:28992', RD_PROJECTION);

/** Places across the country and the corners of the national grid's area. */
const PLACES: [number, number][] = [
  [4.8936, 52.3731], // Amsterdam, Dam
  [5.6909, 50.8514], // Maastricht
  [6.5665, 53.2194], // Groningen
  [3.5725, 51.4427], // Vlissingen
  [5.3872, 52.1552], // Amersfoort, the grid's origin
  [3.2, 50.75],
  [7.22, 53.7],
];

describe('proj4 with only the RD projection (the browser bundle)', () => {
  it('converts WGS84 to RD and back exactly as the full package does', () => {
    for (const place of PLACES) {
      const rd = lean('EPSG:4326', 'EPSG:28992', place);
      expect(rd).toEqual(full('EPSG:4326', 'EPSG:28992', place));
      expect(lean('EPSG:28992', 'EPSG:4326', rd)).toEqual(full('EPSG:28992', 'EPSG:4326', rd));
      expect(lean('EPSG:4326', 'EPSG:3857', place)).toEqual(full('EPSG:4326', 'EPSG:3857', place));
    }
  });

  it('puts the Onze Lieve Vrouwetoren in Amersfoort at the grid origin (155000, 463000) within a metre', () => {
    const [x, y] = transformPoint('EPSG:4326', 'EPSG:28992', [5.38720621, 52.15517440]);
    expect(Math.abs(x - 155000)).toBeLessThan(1);
    expect(Math.abs(y - 463000)).toBeLessThan(1);
  });

  it('refuses a projection it was not given, loudly, instead of converting wrongly', () => {
    expect(() => lean('EPSG:4326', '+proj=utm +zone=31 +ellps=WGS84 +units=m', [4.9, 52.37])).toThrow();
    expect(full('EPSG:4326', '+proj=utm +zone=31 +ellps=WGS84 +units=m', [4.9, 52.37])[0]).toBeGreaterThan(600_000);
  });
});
