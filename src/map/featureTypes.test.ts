import { describe, expect, it } from 'vitest';
import type { Question } from '@meldloket/engine';
import { CLOCKS_MIN_ZOOM, NOT_ON_MAP, OBJECTS_MIN_ZOOM, TREE_FILTER, objectConfig } from './featureTypes.ts';
import { wfsUrl } from './services/index.ts';

const wfs = {
  containers: '/stand-ins/wfs/containers',
  streetlights: '/stand-ins/wfs/streetlights',
  clocks: '/stand-ins/wfs/clocks',
  trees: '/stand-ins/wfs/trees',
  streetTrees: 'https://kaart.example/wfs?typeName=bomen',
};
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

  it('shows street trees from the configured layer, leaving out every species of Quercus, with "not on the map" for a tree', () => {
    const cfg = objectConfig('tree', q('asset_select', { endpoint: 'streetTrees', wfsFilter: TREE_FILTER }), wfs);
    expect(cfg).toMatchObject({ endpoint: 'https://kaart.example/wfs?typeName=bomen', wfsFilter: TREE_FILTER, maxNumberOfAssets: 1, zoomMin: OBJECTS_MIN_ZOOM, singular: 'boom', plural: 'bomen' });
    expect(cfg.featureTypes).toEqual([expect.objectContaining({ label: 'Boom', iconId: 'tree', idField: 'boomnummer', typeField: '' })]);
    expect(cfg.notOnMap?.description).toBe('De boom staat niet op de kaart');
    // Without its own endpoint the question still gets the configured layer and the oak filter.
    expect(objectConfig('tree', q('asset_select'), wfs)).toMatchObject({ endpoint: 'https://kaart.example/wfs?typeName=bomen', wfsFilter: TREE_FILTER });

    const filter = decodeURIComponent(wfsUrl(cfg.endpoint!, { west: 4.89, south: 52.37, east: 4.9, north: 52.38 }, cfg.wfsFilter).split('&Filter=')[1]);
    expect(filter).toBe(
      '<Filter><And><BBOX><gml:Envelope srsName="EPSG:4326"><lowerCorner>4.89 52.37</lowerCorner><upperCorner>4.9 52.38</upperCorner></gml:Envelope></BBOX>' +
        '<Not><PropertyIsLike wildCard="*" singleChar="." escapeChar="!"><PropertyName>soortnaam</PropertyName><Literal>Quercus*</Literal></PropertyIsLike></Not></And></Filter>',
    );
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
