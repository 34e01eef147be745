import { describe, expect, it } from 'vitest';
import {
  FALLBACK_HANDLING_MESSAGE,
  classificationFromSubcategory,
  classifyPrediction,
  parseCategoryUrl,
  subcategoryUrl,
} from './index.ts';

const host = 'https://api.example.nl/signals/v1/public/terms/categories';

function prediction(main: [string, number] | null, sub: [string, number] | null) {
  return {
    hoofdrubriek: main ? ([[main[0]], [main[1]]] as [string[], number[]]) : ([] as []),
    subrubriek: sub ? ([[sub[0]], [sub[1]]] as [string[], number[]]) : ([] as []),
  };
}

describe('classification from a prediction', () => {
  it('takes the sub level when its certainty is at least 0.41', () => {
    const result = classifyPrediction(prediction([`${host}/afval`, 0.9], [`${host}/afval/sub_categories/grofvuil`, 0.41]));
    expect(result).toEqual({ category: 'afval', subcategory: 'grofvuil', level: 'sub' });
  });

  it("falls back to the main level with main-slug + '-overig' when the sub level is below 0.41", () => {
    const result = classifyPrediction(prediction([`${host}/wegen-verkeer-straatmeubilair`, 0.5], [`${host}/afval/sub_categories/grofvuil`, 0.4099]));
    expect(result).toEqual({ category: 'wegen-verkeer-straatmeubilair', subcategory: 'wegen-verkeer-straatmeubilair-overig', level: 'main' });
  });

  it('uses a configured specific overig subcategory for a main category', () => {
    const result = classifyPrediction(prediction([`${host}/overlast-op-het-water`, 0.6], null), {
      overigSubcategories: { 'overlast-op-het-water': 'overig-boten' },
    });
    expect(result.subcategory).toBe('overig-boten');
  });

  it('falls back to overig/overig when neither level is certain enough or the answer is empty', () => {
    expect(classifyPrediction(prediction([`${host}/afval`, 0.4], [`${host}/afval/sub_categories/grofvuil`, 0.3]))).toEqual({
      category: 'overig',
      subcategory: 'overig',
      level: 'fallback',
    });
    expect(classifyPrediction({ hoofdrubriek: [], subrubriek: [] }).level).toBe('fallback');
    expect(classifyPrediction(null).level).toBe('fallback');
  });

  it('reads slugs from absolute and relative category URLs', () => {
    expect(parseCategoryUrl(`${host}/afval/sub_categories/grofvuil`)).toEqual({ category: 'afval', subcategory: 'grofvuil' });
    expect(parseCategoryUrl('/signals/v1/public/terms/categories/afval/')).toEqual({ category: 'afval' });
    expect(parseCategoryUrl('https://example.nl/other')).toBeNull();
    expect(subcategoryUrl('afval', 'grofvuil')).toBe('/signals/v1/public/terms/categories/afval/sub_categories/grofvuil');
    expect(subcategoryUrl('afval', 'grofvuil', 'https://h/')).toBe('https://h/signals/v1/public/terms/categories/afval/sub_categories/grofvuil');
  });

  it("uses 'We gaan zo snel mogelijk aan de slag.' when a sub-category has no handling message", () => {
    expect(FALLBACK_HANDLING_MESSAGE).toBe('We gaan zo snel mogelijk aan de slag.');
    const sub = { name: 'Grofvuil', slug: 'grofvuil', _links: { self: { href: `${host}/afval/sub_categories/grofvuil` } } };
    expect(classificationFromSubcategory({ ...sub, handling_message: null })).toEqual({
      classification: { id: `${host}/afval/sub_categories/grofvuil`, name: 'Grofvuil', slug: 'grofvuil' },
      handling_message: FALLBACK_HANDLING_MESSAGE,
    });
    expect(classificationFromSubcategory({ ...sub, handling_message: 'Binnen 3 werkdagen.' }).handling_message).toBe('Binnen 3 werkdagen.');
  });
});
