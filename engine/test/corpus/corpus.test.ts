import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createForm, validateQuestionSet, type Question } from '../../src/index.ts';

const dir = '/work/shared/corpus/signalen';
const definitions = JSON.parse(readFileSync(`${dir}/definitions.json`, 'utf8')) as Record<string, Question[]>;
interface Case {
  file: string;
  seed: number;
  context: { category: string; subcategory: string };
  answers: Record<string, unknown>;
  visible: string[];
  differsOnIfAllOfArrays: boolean;
  visibleIfAllOfIncludes?: string[];
}
const { cases } = JSON.parse(readFileSync(`${dir}/visibility-cases.json`, 'utf8')) as { cases: Case[] };

describe('Signalen corpus: definitions', () => {
  it.each(Object.keys(definitions))('%s passes validateQuestionSet and compiles', (name) => {
    const result = validateQuestionSet(definitions[name], { file: name });
    expect(result.errors).toEqual([]);
    expect(() => createForm(definitions[name])).not.toThrow();
  });
});

describe('Signalen corpus: visibility of 1500 recorded answer states', () => {
  const forms = new Map(Object.entries(definitions).map(([name, qs]) => [name, createForm(qs)]));

  it('has the 1500 cases', () => {
    expect(cases).toHaveLength(1500);
  });

  it('reproduces the visible list of every case, fresh and incremental', () => {
    const mismatches: string[] = [];
    for (const c of cases) {
      const answers = { ...c.context, ...c.answers };
      const fresh = createForm(definitions[c.file]).evaluate(answers).visibleKeys;
      // Incremental: the shared form has evaluated earlier cases of the same file.
      const incremental = forms.get(c.file)!.evaluate(answers).visibleKeys;
      if (JSON.stringify(fresh) !== JSON.stringify(c.visible) || JSON.stringify(incremental) !== JSON.stringify(c.visible)) {
        mismatches.push(`${c.file}#${c.seed}: expected ${c.visible.join(',')} got ${fresh.join(',')} / ${incremental.join(',')}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
