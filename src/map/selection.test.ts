import { describe, expect, it } from 'vitest';
import type { FeatureType } from '@meldloket/engine';
import { isSelected, selection, toSelectedAsset, type SelectionState } from './selection.ts';
import type { MapObject } from './services/index.ts';

const type: FeatureType = { label: 'Grachtmast', description: 'Grachtmast', idField: 'objectnummer', typeField: 'objecttype', typeValue: '5' };
const light = (id: string, lat = 52.37, status?: 'reported'): MapObject => ({
  id,
  type: '5',
  description: 'Grachtmast',
  label: `Grachtmast - ${id}`,
  coordinates: { lat, lng: 4.89 },
  featureType: type,
  ...(status ? { status } : {}),
});
const empty: SelectionState = { answer: undefined, warning: false };
const click = (s: SelectionState, o: MapObject, max = 3) => selection.click(s, 'extra_lichtpunt', toSelectedAsset(o), max);

describe('selection through the engine rules', () => {
  it('selects up to the maximum; the location follows the first item', () => {
    let s = click(empty, light('1', 52.371));
    s = click(s, light('2', 52.372));
    s = click(s, light('3', 52.373));
    expect(s.answer?.selection?.map((a) => a.id)).toEqual(['1', '2', '3']);
    expect(s.warning).toBe(false);
    s = click(s, light('4', 52.374));
    expect(s.warning).toBe(true);
    expect(s.answer?.selection?.map((a) => a.id)).toEqual(['1', '2', '3']);
  });

  it('keeps the first at a maximum of 1 and warns; a second click on it deselects and clears the warning', () => {
    let s = click(click(empty, light('1'), 1), light('2'), 1);
    expect(s.answer?.selection?.map((a) => a.id)).toEqual(['1']);
    expect(s.warning).toBe(true);
    s = click(s, light('1'), 1);
    expect(s.answer).toBeUndefined();
    expect(s.warning).toBe(false);
    expect(isSelected(s, light('1'))).toBe(false);
  });

  it('does not select a reported object', () => {
    const s = click(empty, light('9', 52.37, 'reported'));
    expect(s.answer).toBeUndefined();
  });

  it('a pinned location replaces the selection', () => {
    const s = selection.setLocation(click(empty, light('1')), 'extra_lichtpunt', { coordinates: { lat: 52.36, lng: 4.9 } });
    expect(s.answer).toEqual({ location: { coordinates: { lat: 52.36, lng: 4.9 } } });
  });

  it('keeps extra properties such as GlobalID on the chosen object, not the map fields', () => {
    const asset = toSelectedAsset({ ...light('7'), properties: { GlobalID: '{ABC}' } });
    expect(asset).toMatchObject({ id: '7', GlobalID: '{ABC}' });
    expect(asset).not.toHaveProperty('featureType');
  });

  it('adds a looked-up address to a chosen object and to the location it sets', () => {
    const address = { openbare_ruimte: 'Damrak', huisnummer: 1, postcode: '1012LM', woonplaats: 'Amsterdam' };
    let s = click(click(empty, light('1', 52.371)), light('2', 52.372));
    s = selection.setAddress(s, 'extra_lichtpunt', light('2', 52.372), address);
    expect(s.answer?.selection?.[1].address).toEqual(address);
    expect(s.answer?.location.address).toEqual(address);
    const earlier = selection.setAddress(s, 'extra_lichtpunt', light('1', 52.371), { ...address, huisnummer: 3 });
    expect(earlier.answer?.selection?.[0].address).toMatchObject({ huisnummer: 3 });
    expect(earlier.answer?.location.address).toEqual(address);
    expect(selection.setAddress(s, 'extra_lichtpunt', light('9'), address).answer).toEqual(s.answer);
  });
});
