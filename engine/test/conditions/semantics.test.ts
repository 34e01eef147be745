/**
 * One test per row of the semantics table in docs/conditions.md.
 */
import { describe, expect, it } from 'vitest';
import { createForm, type Question } from '../../src/index.ts';
import { checkboxes, notice, pick, radio, text, ticks } from '../helpers.ts';

function visibleKeys(questions: Question[], answers: Record<string, unknown>, context = {}) {
  return createForm(questions).evaluate(answers, context).visibleKeys;
}

/** Whether the target question (last in the list) is visible. */
function shows(questions: Question[], answers: Record<string, unknown>, context = {}) {
  return visibleKeys(questions, answers, context).includes(questions[questions.length - 1].key);
}

describe('condition semantics (docs/conditions.md)', () => {
  it('row 1: a radio answer matches by its id', () => {
    const qs = [radio('kind', ['ja', 'nee']), notice('target', { ifOneOf: { kind: 'ja' } })];
    expect(shows(qs, { kind: pick('ja') })).toBe(true);
    expect(shows(qs, { kind: pick('nee') })).toBe(false);
    expect(shows(qs, { kind: { id: 'nee', label: 'ja' } })).toBe(false);
  });

  it('row 2: a plain string answer (an id or a text) matches when equal', () => {
    const qs = [text('name'), notice('target', { ifOneOf: { name: 'x' } })];
    expect(shows(qs, { name: 'x' })).toBe(true);
    expect(shows(qs, { name: 'y' })).toBe(false);
  });

  it('row 3: category and subcategory are matched as answers', () => {
    const qs = [notice('target', { ifAllOf: { category: 'afval', subcategory: 'grofvuil' } })];
    expect(shows(qs, { category: 'afval', subcategory: 'grofvuil' })).toBe(true);
    expect(shows(qs, { category: 'afval', subcategory: 'huisafval' })).toBe(false);
  });

  it('row 4: under ifOneOf a checkbox list matches when the value is among the ticked ids', () => {
    const qs = [checkboxes('what', ['a', 'b', 'c']), notice('target', { ifOneOf: { what: 'b' } })];
    expect(shows(qs, { what: ticks('a', 'b') })).toBe(true);
    expect(shows(qs, { what: ticks('a', 'c') })).toBe(false);
  });

  it('row 5: under ifAllOf a checkbox list matches when the value is ticked, whatever else is ticked', () => {
    const qs = [checkboxes('what', ['a', 'b', 'c']), notice('target', { ifAllOf: { what: 'b' } })];
    expect(shows(qs, { what: ticks('a', 'b') })).toBe(true);
    expect(shows(qs, { what: ticks('b') })).toBe(true);
    expect(shows(qs, { what: ticks('c') })).toBe(false);
  });

  it('row 6: ifAllOf with a list of values on a checkbox list needs all of them ticked', () => {
    const qs = [checkboxes('what', ['a', 'b', 'c']), notice('target', { ifAllOf: { what: ['a', 'b'] } })];
    expect(shows(qs, { what: ticks('a', 'b', 'c') })).toBe(true);
    expect(shows(qs, { what: ticks('a', 'c') })).toBe(false);
  });

  it('row 7: a single checkbox matches true when ticked', () => {
    const single: Question = { key: 'agree', field_type: 'checkbox_input', meta: { label: 'Akkoord' } };
    const qs = [single, notice('target', { ifOneOf: { agree: true } })];
    expect(shows(qs, { agree: { label: 'Akkoord', value: true } })).toBe(true);
    expect(shows(qs, { agree: true })).toBe(true);
    expect(shows(qs, { agree: { label: 'Akkoord', value: false } })).toBe(false);
  });

  it('row 8: a list of values under ifOneOf means any of them', () => {
    const qs = [radio('kind', ['a', 'b', 'c']), notice('target', { ifOneOf: { kind: ['a', 'b'] } })];
    expect(shows(qs, { kind: pick('b') })).toBe(true);
    expect(shows(qs, { kind: pick('c') })).toBe(false);
  });

  it('row 9: a list of values under ifAllOf means all of them (impossible for a single answer)', () => {
    const qs = [radio('kind', ['a', 'b']), notice('target', { ifAllOf: { kind: ['a', 'b'] } })];
    expect(shows(qs, { kind: pick('a') })).toBe(false);
    const one = [radio('kind', ['a', 'b']), notice('target', { ifAllOf: { kind: ['a'] } })];
    expect(shows(one, { kind: pick('a') })).toBe(true);
  });

  it('row 10: ifOneOf holds when any entry holds; ifAllOf when every entry holds', () => {
    const anyOf = [radio('x', ['ja']), radio('y', ['ja']), notice('target', { ifOneOf: { x: 'ja', y: 'ja' } })];
    expect(shows(anyOf, { y: pick('ja') })).toBe(true);
    const allOf = [radio('x', ['ja']), radio('y', ['ja']), notice('target', { ifAllOf: { x: 'ja', y: 'ja' } })];
    expect(shows(allOf, { y: pick('ja') })).toBe(false);
    expect(shows(allOf, { x: pick('ja'), y: pick('ja') })).toBe(true);
  });

  it('row 11: blocks nest to any depth', () => {
    const deep = {
      ifAllOf: {
        subcategory: 'lantaarnpaal',
        ifOneOf: { x: 'ja', ifAllOf: { y: 'ja', ifOneOf: { z: ['a', 'b'] } } },
      },
    };
    const qs = [radio('x', ['ja']), radio('y', ['ja']), radio('z', ['a', 'b']), notice('target', deep)];
    expect(shows(qs, { subcategory: 'lantaarnpaal', x: pick('ja') })).toBe(true);
    expect(shows(qs, { subcategory: 'lantaarnpaal', y: pick('ja'), z: pick('b') })).toBe(true);
    expect(shows(qs, { subcategory: 'lantaarnpaal', y: pick('ja') })).toBe(false);
    expect(shows(qs, { subcategory: 'anders', x: pick('ja') })).toBe(false);
  });

  it('row 12: a missing answer never matches', () => {
    const qs = [radio('kind', ['a']), text('t'), checkboxes('c', ['a']), notice('target', { ifOneOf: { kind: 'a', t: '', c: 'a' } })];
    expect(shows(qs, {})).toBe(false);
    expect(shows(qs, { kind: null, t: '   ', c: [] })).toBe(false);
  });

  it('row 13: an empty block is no condition', () => {
    expect(shows([notice('target', { ifOneOf: {} })], {})).toBe(true);
    expect(shows([notice('target', { ifAllOf: {} })], {})).toBe(true);
    expect(shows([notice('target', { ifOneOf: { ifAllOf: {} } })], {})).toBe(true);
  });

  it('row 14: ifAllOf, ifOneOf and visibleIf on one question must all hold', () => {
    const qs = [
      radio('x', ['ja', 'nee']),
      text('n'),
      notice('target', { ifAllOf: { subcategory: 's' }, ifOneOf: { x: 'ja' }, visibleIf: { '>': [{ var: 'n' }, 3] } }),
    ];
    expect(shows(qs, { subcategory: 's', x: pick('ja'), n: '5' })).toBe(true);
    expect(shows(qs, { subcategory: 's', x: pick('ja'), n: '2' })).toBe(false);
    expect(shows(qs, { subcategory: 's', x: pick('nee'), n: '5' })).toBe(false);
    expect(shows(qs, { subcategory: 't', x: pick('ja'), n: '5' })).toBe(false);
  });

  it('row 15: visibleIf is a JSON Logic rule over the answers', () => {
    const qs = [radio('x', ['ja', 'nee']), notice('target', { visibleIf: { '==': [{ var: 'x.id' }, 'nee'] } })];
    expect(shows(qs, { x: pick('nee') })).toBe(true);
    expect(shows(qs, { x: pick('ja') })).toBe(false);
    const negated = [radio('x', ['ja']), notice('target', { visibleIf: { '!': { var: 'x' } } })];
    expect(shows(negated, {})).toBe(true);
    expect(shows(negated, { x: pick('ja') })).toBe(false);
  });

  it('row 16: ignoreVisibility always shows, whatever the conditions say', () => {
    const qs = [radio('x', ['ja']), notice('target', { ifOneOf: { x: 'ja' }, ignoreVisibility: true })];
    expect(shows(qs, {})).toBe(true);
  });

  it('row 17: authenticated questions show only to signed-in staff (also with ignoreVisibility)', () => {
    const qs = [notice('target', { authenticated: true, ignoreVisibility: true })];
    expect(shows(qs, {})).toBe(false);
    expect(shows(qs, {}, { isAuthenticated: true })).toBe(true);
  });

  it('row 18: a hidden question’s answer counts as absent in other conditions (hiding cascades)', () => {
    const qs = [
      radio('a', ['ja', 'nee']),
      radio('b', ['ja'], { ifOneOf: { a: 'ja' } }),
      notice('target', { ifOneOf: { b: 'ja' } }),
    ];
    expect(shows(qs, { a: pick('ja'), b: pick('ja') })).toBe(true);
    // b keeps its stored answer but is hidden once a is 'nee', so target hides too.
    expect(shows(qs, { a: pick('nee'), b: pick('ja') })).toBe(false);
    const form = createForm(qs);
    expect(form.evaluate({ a: pick('nee'), b: pick('ja') }).effectiveAnswers).toEqual({ a: pick('nee') });
  });

  it('row 19: a hidden question is not validated', () => {
    const qs = [radio('a', ['ja', 'nee']), text('why', { ifOneOf: { a: 'ja' } }, true)];
    const form = createForm(qs);
    expect(form.evaluate({ a: pick('nee') }).errors).toEqual({});
    expect(form.evaluate({ a: pick('ja') }).errors).toEqual({ why: 'Dit is een verplicht veld' });
  });

  it('row 20: conditions may refer to a later question, with the same result', () => {
    const qs = [notice('target', { ifOneOf: { later: 'ja' } }), radio('later', ['ja'])];
    expect(visibleKeys(qs, { later: pick('ja') })).toEqual(['target', 'later']);
  });
});
