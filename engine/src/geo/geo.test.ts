import { describe, expect, it } from 'vitest';
import {
  NETHERLANDS_BOUNDS,
  PINNED_ON_MAP,
  WKT_NOT_A_POINT,
  centreFromQuery,
  formatAddress,
  formatPostcode,
  isInsideBounds,
  isLocationSet,
  locationSummaryLines,
  parseWktPoint,
  rdToWgs84,
  toWktPoint,
  transformPoint,
  wgs84ToRd,
} from './index.ts';

describe('RD ⇄ WGS84', () => {
  it('puts the RD origin (Amersfoort, 155000/463000) at its known WGS84 position', () => {
    const { lat, lng } = rdToWgs84({ x: 155000, y: 463000 });
    expect(lat).toBeCloseTo(52.1551744, 4);
    expect(lng).toBeCloseTo(5.3872062, 4);
  });

  it('converts the Dam in Amsterdam to RD metres in the expected range', () => {
    const { x, y } = wgs84ToRd({ lat: 52.3731, lng: 4.8936 });
    expect(x).toBeGreaterThan(121000);
    expect(x).toBeLessThan(122000);
    expect(y).toBeGreaterThan(487000);
    expect(y).toBeLessThan(488000);
  });

  it('round-trips a point to within a centimetre', () => {
    const start = { lat: 51.9225, lng: 4.47917 };
    const back = rdToWgs84(wgs84ToRd(start));
    expect(back.lat).toBeCloseTo(start.lat, 7);
    expect(back.lng).toBeCloseTo(start.lng, 7);
  });

  it('transforms between the three supported references and leaves same-to-same untouched', () => {
    expect(transformPoint('EPSG:4326', 'EPSG:4326', [4.9, 52.37])).toEqual([4.9, 52.37]);
    const [x, y] = transformPoint('EPSG:4326', 'EPSG:3857', [0, 0]);
    expect(x).toBeCloseTo(0, 6);
    expect(y).toBeCloseTo(0, 6);
    const [rdX] = transformPoint('EPSG:4326', 'EPSG:28992', [5.3872062, 52.1551744]);
    expect(rdX).toBeCloseTo(155000, -1);
  });
});

describe('bounds', () => {
  it('accepts a point strictly inside and rejects one on the edge or outside', () => {
    expect(isInsideBounds({ lat: 52.37, lng: 4.89 }, NETHERLANDS_BOUNDS)).toBe(true);
    expect(isInsideBounds({ lat: 50.7, lng: 4.89 }, NETHERLANDS_BOUNDS)).toBe(false);
    expect(isInsideBounds({ lat: 52.37, lng: 7.3 }, NETHERLANDS_BOUNDS)).toBe(false);
    expect(isInsideBounds({ lat: 48.85, lng: 2.35 }, NETHERLANDS_BOUNDS)).toBe(false);
    expect(isInsideBounds({ lat: Number.NaN, lng: 4.89 }, NETHERLANDS_BOUNDS)).toBe(false);
  });

  it('centres the map on numeric lat/lng query parameters inside the bounds, otherwise on the default', () => {
    const fallback = { lat: 52.37, lng: 4.9 };
    expect(centreFromQuery({ lat: '52.1', lng: '5.1' }, NETHERLANDS_BOUNDS, fallback)).toEqual({ lat: 52.1, lng: 5.1 });
    expect(centreFromQuery({ lat: 'abc', lng: '5.1' }, NETHERLANDS_BOUNDS, fallback)).toBe(fallback);
    expect(centreFromQuery({ lat: '40', lng: '5.1' }, NETHERLANDS_BOUNDS, fallback)).toBe(fallback);
    expect(centreFromQuery({ lat: '', lng: '' }, NETHERLANDS_BOUNDS, fallback)).toBe(fallback);
    expect(centreFromQuery({}, NETHERLANDS_BOUNDS, fallback)).toBe(fallback);
  });
});

describe('WKT points', () => {
  it('reads x as longitude and y as latitude', () => {
    expect(parseWktPoint('POINT(4.8936 52.3731)')).toEqual({ lng: 4.8936, lat: 52.3731 });
    expect(parseWktPoint(' point ( -1.5e1  52 ) ')).toEqual({ lng: -15, lat: 52 });
    expect(parseWktPoint('POINT Z (4.9 52.3 3)')).toEqual({ lng: 4.9, lat: 52.3 });
  });

  it("rejects any other geometry with 'Provided WKT geometry is not a point.'", () => {
    expect(WKT_NOT_A_POINT).toBe('Provided WKT geometry is not a point.');
    for (const wkt of ['LINESTRING(4 52, 5 53)', 'POLYGON((4 52, 5 52, 5 53, 4 52))', 'POINT()', 'POINT(4)', '', 'POINT(a b)']) {
      expect(() => parseWktPoint(wkt), wkt).toThrow(WKT_NOT_A_POINT);
    }
  });

  it('writes a point back as WKT', () => {
    expect(parseWktPoint(toWktPoint({ lat: 52.1, lng: 4.2 }))).toEqual({ lat: 52.1, lng: 4.2 });
  });
});

describe('location', () => {
  it('is set only when latitude and longitude are both non-zero', () => {
    expect(isLocationSet({ lat: 52.3, lng: 4.9 })).toBe(true);
    expect(isLocationSet({ coordinates: { lat: 52.3, lng: 4.9 } })).toBe(true);
    expect(isLocationSet({ lat: 0, lng: 4.9 })).toBe(false);
    expect(isLocationSet({ lat: 52.3, lng: 0 })).toBe(false);
    expect(isLocationSet({ coordinates: { lat: 0, lng: 0 } })).toBe(false);
    expect(isLocationSet(null)).toBe(false);
  });

  it('formats street, number, letter and addition, then postcode and town', () => {
    const address = {
      openbare_ruimte: 'Dam',
      huisnummer: 1,
      huisletter: 'A',
      huisnummer_toevoeging: '2',
      postcode: '1012JS',
      woonplaats: 'Amsterdam',
    };
    expect(formatAddress(address)).toBe('Dam 1A-2, 1012 JS Amsterdam');
    expect(formatPostcode('1053sn')).toBe('1053 SN');
    expect(formatPostcode(' 1053 SN ')).toBe('1053 SN');
    expect(formatPostcode('B-1000')).toBe('B-1000');
    expect(formatAddress({ openbare_ruimte: 'Dam', huisnummer: '1', woonplaats: 'Amsterdam' })).toBe('Dam 1, Amsterdam');
    expect(formatAddress(undefined)).toBe('');
  });

  it('summarises district, street line and postcode line, or says the location is pinned', () => {
    expect(
      locationSummaryLines({
        address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam', stadsdeel: 'Centrum' },
      }),
    ).toEqual(['Centrum', 'Dam 1', '1012 JS Amsterdam']);
    expect(locationSummaryLines({ address: { openbare_ruimte: 'Dam', huisnummer: 1 } })).toEqual(['Dam 1']);
    expect(locationSummaryLines({})).toEqual([PINNED_ON_MAP]);
    expect(PINNED_ON_MAP).toBe('Locatie is gepind op de kaart');
  });
});
