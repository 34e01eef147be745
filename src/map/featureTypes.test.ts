import { describe, expect, it } from 'vitest';
import type { Question } from '@meldloket/engine';
import { CLOCKS_MIN_ZOOM, NOT_ON_MAP, OBJECTS_MIN_ZOOM, objectConfig } from './featureTypes.ts';

const wfs = { containers: '/stand-ins/wfs/containers', streetlights: '/stand-ins/wfs/streetlights', clocks: '/stand-ins/wfs/clocks', trees: '/stand-ins/wfs/trees' };
const q = (field_type: Question['field_type'], meta: Question['meta'] = {}): Question => ({ key: 'k', field_type, meta: { label: 'Vraag', ...meta } });

describe('objectConfig', () => {
  it('gives streetlights the six object types of the spec, the configured layer and a maximum of 1 by default', () => {
    const cfg = objectConfig('streetlight', q('streetlight_select'), wfs);
    expect(cfg.featureTypes.map((t) => [t.typeValue, t.label])).toEqual([
      ['5', 'Grachtmast'],
      ['2', 'Overspanning'],
      ['3', 'Gevelarmatuur'],
      ['10', 'Schijnwerper'],
      ['4', 'Overig lichtpunt'],
      ['1', 'Klok'],
    ]);
    expect(cfg.endpoint).toBe('/stand-ins/wfs/streetlights');
    expect(cfg.maxNumberOfAssets).toBe(1);
    expect(cfg.zoomMin).toBe(OBJECTS_MIN_ZOOM);
  });

  it('shows clocks from zoom 14', () => {
    expect(objectConfig('clock', q('clock_select'), wfs).zoomMin).toBe(CLOCKS_MIN_ZOOM);
  });

  it('filters containers on status 1 and offers them as not on the map', () => {
    const cfg = objectConfig('asset', q('asset_select'), wfs);
    expect(cfg.wfsFilter).toContain('<Literal>1</Literal>');
    expect(cfg.notOnMap?.typeValue).toBe(NOT_ON_MAP);
    expect(cfg.featureTypes.some((t) => t.typeValue === NOT_ON_MAP)).toBe(false);
  });

  it('reads the oak tree states from Registratie', () => {
    const cfg = objectConfig('caterpillar', q('caterpillar_select'), wfs);
    expect(cfg.featureStatusTypes).toEqual([
      expect.objectContaining({ typeValue: 'reported', statusField: 'Registratie', statusValues: ['Deels bestreden', 'Melding', 'Registratie'] }),
      expect.objectContaining({ typeValue: 'checked', statusField: 'Registratie', statusValues: ['Bestreden', 'Geen EPR', 'EPR (niet bestrijden)'] }),
    ]);
    expect(cfg.extraProperties).toEqual(['GlobalID']);
  });

  it("takes the question's own endpoint, filter, maximum, zoom and words", () => {
    const cfg = objectConfig(
      'asset',
      q('asset_select', { endpoint: 'https://kaart.example/wfs?typeName=bakken', maxNumberOfAssets: 5, zoomMin: 15, language: { objectTypeSingular: 'bak', objectTypePlural: 'bakken' } }),
      wfs,
    );
    expect(cfg).toMatchObject({ endpoint: 'https://kaart.example/wfs?typeName=bakken', wfsFilter: undefined, maxNumberOfAssets: 5, zoomMin: 15, singular: 'bak', plural: 'bakken' });
  });

  it('has no objects for a location question', () => {
    const cfg = objectConfig('location', q('location_select', { featureTypes: [] }), wfs);
    expect(cfg.endpoint).toBeUndefined();
    expect(cfg.featureTypes).toEqual([]);
  });
});
