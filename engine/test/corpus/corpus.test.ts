import { describe, expect, it } from 'vitest';
import { createForm, validateQuestionSet, type Question } from '../../src/index.ts';
import { corpusDefinitions, corpusVisibilityCases } from './corpus.ts';
import { signalenVisibleKeys } from './signalen-reference.ts';

const definitions = corpusDefinitions();
const cases = corpusVisibilityCases();

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
      // Our ifAllOf on a checkbox list means "is ticked"; where that changes the outcome the corpus records it.
      const expected = c.differsOnIfAllOfArrays ? c.visibleIfAllOfIncludes! : c.visible;
      const fresh = createForm(definitions[c.file]).evaluate(answers).visibleKeys;
      // Incremental: the shared form has evaluated earlier cases of the same file.
      const incremental = forms.get(c.file)!.evaluate(answers).visibleKeys;
      if (JSON.stringify(fresh) !== JSON.stringify(expected) || JSON.stringify(incremental) !== JSON.stringify(expected)) {
        mismatches.push(`${c.file}#${c.seed}: expected ${expected.join(',')} got ${fresh.join(',')} / ${incremental.join(',')}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('Signalen corpus: where our semantics deliberately differ (docs/conditions.md)', () => {
  it('the test-only statement of Signalen’s rules reproduces every recorded case', () => {
    const wrong = cases.filter((c) => JSON.stringify(signalenVisibleKeys(definitions[c.file], { ...c.context, ...c.answers })) !== JSON.stringify(c.visible));
    expect(wrong.map((c) => `${c.file}#${c.seed}`)).toEqual([]);
  });

  it('difference 1, hidden answers cascade: no corpus case changes, because its answers only accumulate', () => {
    // Signalen keeps counting a hidden question's stored answer; we count it as absent.
    // The corpus never hides an answered question, so both give the same lists.
    const differing = cases.filter((c) => {
      const answers = { ...c.context, ...c.answers };
      return JSON.stringify(createForm(definitions[c.file]).evaluate(answers).visibleKeys) !== JSON.stringify(signalenVisibleKeys(definitions[c.file], answers));
    });
    expect(differing).toEqual([]);
    // The same rules on a changed answer do differ: wonen_overig is answered, then hidden by the subcategory.
    const wonen = definitions.wonen;
    const stale = { category: 'wonen', subcategory: 'leegstand', wonen_overig: { id: 'vakantieverhuur', label: '·' } };
    const ours = createForm(wonen).evaluate(stale).visibleKeys;
    const theirs = signalenVisibleKeys(wonen, stale);
    expect(theirs.filter((k) => !ours.includes(k))).toContain('vakantieverhuur_dateTime');
  });

  it('difference 2, a checkbox list under ifAllOf: no corpus condition tests one, so no case differs', () => {
    expect(cases.filter((c) => c.differsOnIfAllOfArrays)).toEqual([]);
    // On a synthetic question the two readings differ: we need the value ticked, Signalen needs every tick to be it.
    const questions: Question[] = [
      { key: 'wat', field_type: 'checkbox_input', meta: { label: '·', values: { a: '·', b: '·' } } },
      { key: 'meer', field_type: 'text_input', meta: { label: '·', ifAllOf: { wat: 'a' } } },
    ];
    const answers = { wat: [{ id: 'a', label: '·' }, { id: 'b', label: '·' }] };
    expect(createForm(questions).evaluate(answers).visibleKeys).toEqual(['wat', 'meer']);
    expect(signalenVisibleKeys(questions, answers)).toEqual(['wat']);
  });
});
