import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeatureStatusType, FeatureType } from '@meldloket/engine';
import { addressFromDoc, boxAround, distance, toMapObjects, wfsUrl } from './index.ts';
import { reverseGeocode, suggestAddresses } from './index.ts';

const box = { west: 4.89, south: 52.37, east: 4.9, north: 52.38 };

describe('wfsUrl', () => {
  it('adds the box as bbox without a filter', () => {
    expect(wfsUrl('/stand-ins/wfs/streetlights', box)).toBe('/stand-ins/wfs/streetlights?bbox=4.890000,52.370000,4.900000,52.380000');
  });

  it('wraps the box and the question filter in And', () => {
    const url = wfsUrl('/wfs?typeName=containers', box, '<PropertyIsEqualTo><PropertyName>status</PropertyName><Literal>1</Literal></PropertyIsEqualTo>');
    const filter = decodeURIComponent(url.split('Filter=')[1]);
    expect(url.startsWith('/wfs?typeName=containers&Filter=')).toBe(true);
    expect(filter).toBe(
      '<Filter><And><BBOX><gml:Envelope srsName="EPSG:4326"><lowerCorner>4.89 52.37</lowerCorner><upperCorner>4.9 52.38</upperCorner></gml:Envelope></BBOX>' +
        '<PropertyIsEqualTo><PropertyName>status</PropertyName><Literal>1</Literal></PropertyIsEqualTo></And></Filter>',
    );
  });

  it('fills a templated endpoint', () => {
    expect(wfsUrl('/wfs/trees?bbox={west},{south},{east},{north}', box)).toBe('/wfs/trees?bbox=4.89,52.37,4.9,52.38');
  });

  it("fills the box into a filter that holds its own BBOX, without adding a second one", () => {
    const own =
      '<PropertyIsEqualTo><PropertyName>status</PropertyName><Literal>1</Literal></PropertyIsEqualTo>' +
      '<BBOX><PropertyName>geometrie</PropertyName><gml:Envelope srsName="{srsName}"><lowerCorner>{west} {south}</lowerCorner><upperCorner>{east} {north}</upperCorner></gml:Envelope></BBOX>';
    const url = wfsUrl('https://example.org/wfs/?SERVICE=WFS&TYPENAMES=app:container', box, own);
    expect(decodeURIComponent(url.split('Filter=')[1])).toBe(
      '<Filter><And><PropertyIsEqualTo><PropertyName>status</PropertyName><Literal>1</Literal></PropertyIsEqualTo>' +
        '<BBOX><PropertyName>geometrie</PropertyName><gml:Envelope srsName="EPSG:4326"><lowerCorner>4.89 52.37</lowerCorner><upperCorner>4.9 52.38</upperCorner></gml:Envelope></BBOX></And></Filter>',
    );
  });

  it('keeps the filter of a templated endpoint', () => {
    const url = wfsUrl('/wfs/trees?bbox={bbox}', box, '<PropertyIsNotEqualTo><PropertyName>soort</PropertyName><Literal>Quercus</Literal></PropertyIsNotEqualTo>');
    expect(url.split('&Filter=')[0]).toBe('/wfs/trees?bbox=4.890000,52.370000,4.900000,52.380000');
    expect(decodeURIComponent(url.split('&Filter=')[1])).toBe('<Filter><PropertyIsNotEqualTo><PropertyName>soort</PropertyName><Literal>Quercus</Literal></PropertyIsNotEqualTo></Filter>');
  });
});

describe('toMapObjects', () => {
  const lamp: FeatureType = { label: 'Grachtmast', description: 'Grachtmast', idField: 'objectnummer', typeField: 'objecttype', typeValue: '5', isReportedField: 'meldingstatus', isReportedValue: 1 };
  const oak: FeatureType = { label: 'Eikenboom', description: 'Eikenboom', idField: 'OBJECTID', typeField: '', typeValue: 'Eikenboom' };
  const oakStatus: FeatureStatusType[] = [
    { typeValue: 'reported', statusField: 'Registratie', statusValues: ['Deels bestreden', 'Melding', 'Registratie'] },
    { typeValue: 'checked', statusField: 'Registratie', statusValues: ['Bestreden', 'Geen EPR', 'EPR (niet bestrijden)'] },
  ];
  const point = (properties: Record<string, unknown>) => ({ geometry: { type: 'Point', coordinates: [4.9, 52.37] as [number, number] }, properties });

  it('keeps features of known types, with id, label and reported status', () => {
    const objects = toMapObjects([point({ objectnummer: '1', objecttype: '5', meldingstatus: 1 }), point({ objectnummer: '2', objecttype: 5, meldingstatus: 0 }), point({ objectnummer: '3', objecttype: '9' })], {
      featureTypes: [lamp],
      featureStatusTypes: [],
    });
    expect(objects.map((o) => [o.id, o.label, o.status])).toEqual([
      ['1', 'Grachtmast - 1', 'reported'],
      ['2', 'Grachtmast - 2', undefined],
    ]);
    expect(objects[0].coordinates).toEqual({ lat: 52.37, lng: 4.9 });
  });

  it('reads oak tree states from Registratie and keeps GlobalID', () => {
    const objects = toMapObjects(
      [point({ OBJECTID: 1, GlobalID: '{A}', Registratie: 'Melding' }), point({ OBJECTID: 2, GlobalID: '{B}', Registratie: 'Geen EPR' }), point({ OBJECTID: 3, Registratie: 'Onbekend' })],
      { featureTypes: [oak], featureStatusTypes: oakStatus, extraProperties: ['GlobalID'] },
    );
    expect(objects.map((o) => o.status)).toEqual(['reported', 'checked', undefined]);
    expect(objects[0].properties).toEqual({ GlobalID: '{A}' });
  });
});

describe('addressFromDoc', () => {
  it('splits huis_nlt into number, letter and addition when the separate fields are missing', () => {
    expect(addressFromDoc({ straatnaam: 'Rokin', huis_nlt: '12A-2', postcode: '1012KK', woonplaatsnaam: 'Amsterdam' })).toEqual({
      openbare_ruimte: 'Rokin',
      huisnummer: 12,
      huisletter: 'A',
      huisnummer_toevoeging: '2',
      postcode: '1012KK',
      woonplaats: 'Amsterdam',
    });
  });
});

describe('geometry helpers', () => {
  it('makes a box of the radius around a point', () => {
    const b = boxAround({ lat: 52.37, lng: 4.9 }, 100);
    expect(distance({ lat: b.north, lng: 4.9 }, { lat: 52.37, lng: 4.9 })).toBeCloseTo(100, 0);
    expect(distance({ lat: 52.37, lng: b.east }, { lat: 52.37, lng: 4.9 })).toBeCloseTo(100, 0);
  });
});

describe('the Locatieserver answering null or something without documents', () => {
  const endpoints = { suggest: '/suggest', reverse: '/reverse', municipality: ['Amsterdam'] };
  afterEach(() => vi.unstubAllGlobals());

  it('gives no suggestions and no address, instead of throwing', async () => {
    for (const body of [null, {}, { response: null }, { response: { docs: null } }, { response: { docs: [null] } }]) {
      vi.stubGlobal('fetch', async () => Response.json(body));
      await expect(suggestAddresses(endpoints, 'Dam 1')).resolves.toEqual([]);
      await expect(reverseGeocode(endpoints, { lat: 52.37, lng: 4.89 })).resolves.toBeUndefined();
    }
  });
});
