import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_PREDICTION_CERTAINTY } from '@meldloket/engine';
import { createClassifier, trainingSet } from '../src/services/classifier/index.ts';

/** The bench's evaluation set (tests/bench/classifier/evaluation.json): texts training never sees. */
const evaluation = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../tests/bench/classifier/evaluation.json'), 'utf8')) as {
  examples: Record<string, string[]>;
}).examples;

describe('category classifier', () => {
  const classifier = createClassifier();
  const label = (text: string) => {
    const p = classifier.predict(text);
    return `${p.sub.mainSlug}/${p.sub.slug}`;
  };

  it('trains on the examples in question-sets/classifier', () => {
    const set = trainingSet();
    expect(set.size).toBeGreaterThanOrEqual(100);
    expect(set.get('afval/grofvuil')?.length).toBeGreaterThanOrEqual(12);
  });

  it('reads the state a resident names, not only the object (docs/classifier.md)', () => {
    expect(label('de prullenbak is kapot')).toBe('afval/prullenbak-is-kapot');
    expect(label('de klep van de container is afgebroken')).toBe('afval/container-is-kapot');
    expect(label('het bankje in het plantsoen is kapot')).toBe('wegen-verkeer-straatmeubilair/straatmeubilair');
    expect(label('plastic drijft in de gracht')).toBe('openbaar-groen-en-water/drijfvuil');
    expect(label('ratten bij de containers')).toBe('overlast-van-dieren/ratten');
  });

  it('recognises plain reports with the expected category, sure enough for the app to take it', () => {
    const lamp = classifier.predict('De lantaarnpaal in mijn straat is kapot en geeft geen licht');
    expect(lamp.sub.slug).toBe('lantaarnpaal-straatverlichting');
    expect(lamp.sub.probability).toBeGreaterThanOrEqual(MIN_PREDICTION_CERTAINTY);
    expect(lamp.main).toEqual({ slug: 'wegen-verkeer-straatmeubilair', probability: expect.any(Number) });
    expect(lamp.main.probability).toBeGreaterThanOrEqual(lamp.sub.probability);
    expect(label('Er staat een oude bank en een matras naast de container')).toBe('afval/grofvuil');
  });

  it('gets 95% or more of the evaluation set right (npm run bench:classifier prints the details)', () => {
    const cases = Object.entries(evaluation).flatMap(([expected, texts]) => texts.map((text) => ({ expected, text })));
    const right = cases.filter(({ expected, text }) => label(text) === expected).length;
    expect(right / cases.length).toBeGreaterThanOrEqual(0.95);
  });

  it('says when a text shares nothing with the examples', () => {
    expect(classifier.predict('xyzzy qqq').informed).toBe(false);
  });
});
