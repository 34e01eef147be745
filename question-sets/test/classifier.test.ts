/**
 * The classifier's training examples (question-sets/classifier/*.json): each file
 * matches its schema, names only categories of the tree, covers every sub-category,
 * and shares no text with the evaluation sets the bench measures it on
 * (tests/bench/classifier/), which training must never see.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { CLASSIFIER_EXAMPLES_FOLDER, classifierExamples, classifierLabel, contentWords, stemWord } from '@meldloket/engine';
import { FOLDER, tree } from './support.ts';

const folder = path.join(FOLDER, CLASSIFIER_EXAMPLES_FOLDER);
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'))
  .sort()
  .map((name) => ({ name, json: readJson(path.join(folder, name)) }));
const training = classifierExamples(files);
const labels = tree.categories.flatMap((main) => main.sub_categories.map((sub) => classifierLabel(main.slug, sub.slug)));

/** The bench's sets: label → texts. */
const benchSet = (name: string) =>
  (readJson(path.join(FOLDER, '../tests/bench/classifier', name)) as { examples: Record<string, string[]> }).examples;
const evaluation = benchSet('evaluation.json');
const finalHoldout = benchSet('final-holdout.json');

/**
 * A text as the classifier's words see it (stemmed content words, sorted, once each), so that
 * a copy that differs only in case, punctuation, word order or words like 'de', 'mijn',
 * 'vandaag' is caught too.
 */
const key = (text: string) => [...new Set(contentWords(text).map(stemWord))].sort().join(' ');

describe('classifier training examples', () => {
  it('match their JSON Schema, one file per main category named after it', () => {
    const validate = new Ajv({ allErrors: true }).compile(readJson(path.join(folder, 'examples.schema.json')) as object);
    for (const { name, json } of files) {
      expect(validate(json), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(name).toBe(`${(json as { category: string }).category}.json`);
    }
  });

  it('name only sub-categories of categories.json, under their own main category', () => {
    expect([...training.keys()].filter((label) => !labels.includes(label))).toEqual([]);
  });

  it('give every sub-category of the tree at least a dozen examples', () => {
    const thin = labels.filter((label) => (training.get(label)?.length ?? 0) < 12);
    expect(thin).toEqual([]);
  });

  it('share no text with the evaluation sets, not even in another word order or with other small words (training never sees them)', () => {
    const trained = new Set([...training.values()].flat().map(key));
    const leaked = [...Object.values(evaluation), ...Object.values(finalHoldout)].flat().filter((text) => trained.has(key(text)));
    expect(leaked).toEqual([]);
  });

  it('the evaluation set has 300 texts or more, at least three for every sub-category, all labelled with sub-categories of the tree', () => {
    expect(Object.values(evaluation).flat().length).toBeGreaterThanOrEqual(300);
    expect(labels.filter((label) => (evaluation[label]?.length ?? 0) < 3)).toEqual([]);
    expect([...Object.keys(evaluation), ...Object.keys(finalHoldout)].filter((label) => !labels.includes(label))).toEqual([]);
  });
});
