import { describe, expect, it } from 'vitest';
import { createForm, explainVisibility, dependentsOf, type Answers, type Question } from '../../src/index.ts';

const q = (key: string, meta: Question['meta'] = {}, field_type: Question['field_type'] = 'radio_input'): Question => ({
  key,
  field_type,
  meta: { label: key, values: { ja: 'Ja', nee: 'Nee' }, ...meta },
});

const questions: Question[] = [
  q('a'),
  q('b'),
  q('c', { ifAllOf: { subcategory: 'put', ifOneOf: { a: 'ja', b: ['ja', 'nee'] } } }),
  q('d', { ifOneOf: { c: 'ja' } }),
  q('e', { visibleIf: { '==': [{ var: 'a.id' }, 'nee'] } }),
  q('f', { authenticated: true }),
  q('g', { ignoreVisibility: true, ifOneOf: { a: 'nee' } }),
];

/** The explanation as the form sees it: hidden questions read as absent. */
function explain(key: string, answers: Answers, isAuthenticated = false) {
  const evaluation = createForm({ questions }).evaluate(answers, { isAuthenticated });
  const read = (k: string) => (questions.some((x) => x.key === k) && !evaluation.visibleKeys.includes(k) ? undefined : answers[k]);
  const explanation = explainVisibility(questions.find((x) => x.key === key)!, read, { isAuthenticated }, questions);
  // The explanation never disagrees with the engine's own evaluation.
  expect(explanation.visible).toBe(evaluation.visibleKeys.includes(key));
  return explanation;
}

describe('explainVisibility', () => {
  it('says which nested ifAllOf / ifOneOf part held and which failed', () => {
    const e = explain('c', { subcategory: 'put', a: { id: 'nee', label: 'Nee' } });
    expect(e.visible).toBe(false);
    expect(e.reason).toBe('conditions');
    expect(e.condition).toMatchObject({
      kind: 'all',
      held: false,
      of: [
        { kind: 'leaf', key: 'subcategory', values: ['put'], answer: ['put'], held: true, pointer: '/meta/ifAllOf/subcategory' },
        {
          kind: 'any',
          held: false,
          of: [
            { kind: 'leaf', key: 'a', match: 'oneOf', values: ['ja'], answer: ['nee'], held: false, pointer: '/meta/ifAllOf/ifOneOf/a' },
            { kind: 'leaf', key: 'b', answer: null, held: false },
          ],
        },
      ],
    });
    const shown = explain('c', { subcategory: 'put', a: { id: 'nee', label: 'Nee' }, b: { id: 'nee', label: 'Nee' } });
    expect(shown.visible).toBe(true);
    expect(shown.condition).toMatchObject({ held: true, of: [{ held: true }, { kind: 'any', held: true, of: [{ held: false }, { held: true }] }] });
  });

  it('reads a hidden question as unanswered, as the form does', () => {
    // c is hidden (wrong subcategory), so d does not see c's answer 'ja'.
    const e = explain('d', { subcategory: 'boom', c: { id: 'ja', label: 'Ja' } });
    expect(e.condition).toMatchObject({ kind: 'leaf', key: 'c', answer: null, held: false });
    expect(explain('d', { subcategory: 'put', a: { id: 'ja', label: 'Ja' }, c: { id: 'ja', label: 'Ja' } }).visible).toBe(true);
  });

  it('evaluates a visibleIf rule', () => {
    expect(explain('e', { a: { id: 'nee', label: 'Nee' } }).condition).toEqual({ kind: 'logic', rule: { '==': [{ var: 'a.id' }, 'nee'] }, pointer: '/meta/visibleIf', held: true });
    expect(explain('e', { a: { id: 'ja', label: 'Ja' } }).condition).toMatchObject({ held: false });
  });

  it('names staff-only questions, questions that ignore their conditions and questions without any', () => {
    expect(explain('f', {})).toMatchObject({ visible: false, reason: 'authenticated' });
    expect(explain('f', {}, true)).toMatchObject({ visible: true, reason: 'always' });
    expect(explain('g', {})).toMatchObject({ visible: true, reason: 'ignoreVisibility', condition: null });
    expect(explain('a', {})).toMatchObject({ visible: true, reason: 'always', condition: null });
  });

  it('lists the questions that read an answer, nested and through JSON Logic', () => {
    expect(explain('a', {}).dependents).toEqual(['c', 'e']);
    expect(dependentsOf('c', questions)).toEqual(['d']);
    expect(dependentsOf('d', questions)).toEqual([]);
    expect(dependentsOf('x', [q('x'), q('y', { visibleIf: { var: [{ cat: ['x', ''] }] } })])).toEqual(['y']);
  });
});
