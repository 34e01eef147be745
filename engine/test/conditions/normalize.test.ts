import { describe, expect, it } from 'vitest';
import { createForm, lintQuestionSet, normalizeConditions, valueLeaves, type Question } from '../../src/index.ts';

describe('normalizeConditions: one internal form of ifAllOf / ifOneOf / visibleIf', () => {
  it('turns nested blocks into leaves and all/any groups, with the pointer of each test', () => {
    const condition = normalizeConditions({
      ifAllOf: { subcategory: 'grofvuil', ifOneOf: { soort: ['a', 'b'], ander: 'x' } },
      visibleIf: { '!!': { var: 'soort' } },
    });
    expect(condition).toEqual({
      kind: 'all',
      of: [
        {
          kind: 'all',
          of: [
            { kind: 'leaf', key: 'subcategory', match: 'allOf', values: ['grofvuil'], pointer: '/meta/ifAllOf/subcategory' },
            {
              kind: 'any',
              of: [
                { kind: 'leaf', key: 'soort', match: 'oneOf', values: ['a', 'b'], pointer: '/meta/ifAllOf/ifOneOf/soort' },
                { kind: 'leaf', key: 'ander', match: 'oneOf', values: ['x'], pointer: '/meta/ifAllOf/ifOneOf/ander' },
              ],
            },
          ],
        },
        { kind: 'logic', rule: { '!!': { var: 'soort' } }, pointer: '/meta/visibleIf' },
      ],
    });
  });

  it('an empty block is no condition, a single test is a leaf, ignoreVisibility sets all aside', () => {
    expect(normalizeConditions({ ifOneOf: {}, ifAllOf: { ifOneOf: {} } })).toBeNull();
    expect(normalizeConditions({ ifOneOf: { a: 'x' } })).toMatchObject({ kind: 'leaf', key: 'a', match: 'oneOf' });
    expect(normalizeConditions({ ifOneOf: { a: 'x' }, ignoreVisibility: true })).toBeNull();
  });

  it('the engine and the linter read the same tree: what compiles is what is linted', () => {
    const questions: Question[] = [
      { key: 'soort', field_type: 'radio_input', meta: { label: 'Soort', values: { a: 'A', b: 'B' } } },
      { key: 'meer', field_type: 'text_input', meta: { label: 'Meer', ifAllOf: { ifOneOf: { soort: 'b', onbekend: 'x' } } } },
    ];
    const leaves = valueLeaves(normalizeConditions(questions[1].meta));
    expect(leaves.map((l) => l.pointer)).toEqual(['/meta/ifAllOf/ifOneOf/soort', '/meta/ifAllOf/ifOneOf/onbekend']);
    const problems = lintQuestionSet(questions);
    expect(problems.map((p) => p.pointer)).toContain('/meta/ifAllOf/ifOneOf/onbekend');
    const form = createForm(questions);
    expect(form.evaluate({ soort: { id: 'a', label: 'A' } }).visibleKeys).toEqual(['soort']);
    expect(form.evaluate({ soort: { id: 'b', label: 'B' } }).visibleKeys).toEqual(['soort', 'meer']);
  });
});
