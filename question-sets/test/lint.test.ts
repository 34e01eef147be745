import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateQuestionSet, fieldTypeOfCode, FIELD_TYPES, NO_SUMMARY_TYPES } from '@meldloket/engine';
// The linter is not (yet) part of the engine's public index; its folder index is its public face.
import { formatLintProblem, lintQuestionSet } from '../../engine/src/lint/index.ts';
import { FOLDER, loadSet, setNames } from './support.ts';

const ROOT = path.resolve(FOLDER, '..');

describe('question sets pass the engine checks', () => {
  it.each(setNames)('%s.json matches the question-set schema', (name) => {
    const result = validateQuestionSet(loadSet(name), { file: `${name}.json` });
    expect(result.errors).toEqual([]);
  });

  it.each(setNames)('%s.json has no lint problems', (name) => {
    const problems = lintQuestionSet(loadSet(name), { file: `${name}.json` });
    expect(problems.map(formatLintProblem)).toEqual([]);
  });

  it.each(setNames)('%s.json points its $schema at the engine schema', (name) => {
    expect(loadSet(name).$schema).toBe('../engine/schema/question-set.schema.json');
  });

  it('npm run questions:check exits 0 on the folder', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'engine/src/lint/cli.ts', 'question-sets'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr + run.stdout).toMatch(/0 error\(s\)/);
    expect(run.status).toBe(0);
  }, 60_000);
});

describe('field types', () => {
  const used = new Set(setNames.flatMap((name) => loadSet(name).questions.map((q) => q.field_type)));

  it('uses every one of the twenty field types in a category set or the wizard\'s own (map_input: where a boat is usually moored)', () => {
    const wizard = ['wizard/beschrijf', 'wizard/contact'].flatMap((name) => loadSet(name).questions.map((q) => q.field_type));
    const types = new Set([...used, ...wizard].map((code) => fieldTypeOfCode(code)));
    expect(FIELD_TYPES.filter((type) => !types.has(type))).toEqual([]);
    expect(FIELD_TYPES).toHaveLength(20);
  });

  it('uses notices of type info, alert and caution', () => {
    const kinds = new Set(setNames.flatMap((name) => loadSet(name).questions
      .filter((q) => q.field_type === 'plain_text').map((q) => q.meta.type)));
    expect([...kinds].sort()).toEqual(['alert', 'caution', 'info']);
  });

  it('gives every answerable question a label and a short label for the summary', () => {
    for (const name of setNames) {
      for (const q of loadSet(name).questions) {
        if (NO_SUMMARY_TYPES.has(fieldTypeOfCode(q.field_type)!)) continue;
        expect(q.meta.label, `${name}: ${q.key}`).toBeTruthy();
        expect(q.meta.shortLabel, `${name}: ${q.key}`).toBeTruthy();
      }
    }
  });

  it('makes every blocking notice an alert or caution that says what to do instead', () => {
    const blocking = setNames.flatMap((name) => loadSet(name).questions
      .filter((q) => (q.meta.validators ?? []).includes('isBlocking'))
      .map((q) => [`${name}: ${q.key}`, q] as const));
    expect(blocking.length).toBeGreaterThanOrEqual(12);
    for (const [where, q] of blocking) {
      expect(q.field_type, where).toBe('plain_text');
      expect(['alert', 'caution'], where).toContain(q.meta.type);
      const text = String(q.meta.value).replace('U kunt dit formulier niet meer verder invullen.', '').trim();
      expect(text.length, where).toBeGreaterThan(30);
    }
  });
});
