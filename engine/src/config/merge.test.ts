import { describe, expect, it } from 'vitest';
import { mergeConfig } from './merge.ts';

describe('mergeConfig', () => {
  it('merges objects key by key and lets values, lists and null replace', () => {
    const base = { name: 'Gemeente', map: { center: { lat: 52, lng: 4 }, zoom: 12, layers: ['a', 'b'] }, phone: '14 020' };
    const merged = mergeConfig(base, { map: { center: { lat: 53 }, layers: ['c'] }, phone: null });
    expect(merged).toEqual({ name: 'Gemeente', map: { center: { lat: 53, lng: 4 }, zoom: 12, layers: ['c'] }, phone: null });
    expect(base.map.center.lat).toBe(52); // the inputs stay as they were
  });

  it('keeps the base where the override says nothing', () => {
    expect(mergeConfig({ a: 1 }, undefined)).toEqual({ a: 1 });
    expect(mergeConfig({ a: { b: 1 } }, { a: undefined })).toEqual({ a: { b: 1 } });
  });

  it('keeps a __proto__ key of parsed JSON as data, never as the prototype', () => {
    const merged = mergeConfig({ a: 1 }, JSON.parse('{"__proto__": {"polluted": true}, "b": 2}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual(['a', '__proto__', 'b']);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
