/**
 * The wizard evaluates a set again on every change. Whatever order a resident
 * answers and changes the questions of these sets in, the incremental result
 * must equal evaluating the same answers from scratch.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createForm, type Answers, type Evaluation, type Question } from '@meldloket/engine';
import { subcategoriesOf } from '@meldloket/engine';
import { ASSET, NOW, PLACE, loadSet, setNames, tree } from './support.ts';

const NO_ANSWER = ['plain_text', 'header', 'handling_message', 'hidden_input'];

/** Possible answers of a question (undefined clears it). */
function answersOf(q: Question): fc.Arbitrary<unknown> {
  const ids = Object.keys(q.meta.values ?? {});
  switch (q.field_type) {
    case 'radio_input':
    case 'select_input':
      return fc.constantFrom(undefined, ...ids.map((id) => ({ id, label: id })));
    case 'checkbox_input':
      return ids.length
        ? fc.subarray(ids).map((picked) => picked.map((id) => ({ id, label: id })))
        : fc.constantFrom(undefined, { label: 'x', value: true }, { label: 'x', value: false });
    case 'emphasis_checkbox_input':
      return fc.constantFrom(undefined, { label: 'x', value: true }, { label: 'x', value: false });
    case 'date_time_input':
      return fc.constantFrom(undefined, 'now', NOW.getTime() - 3_600_000, NOW.getTime() + 3_600_000, 'gisteren');
    case 'multi_text_input':
      return fc.constantFrom(undefined, ['12'], ['1.5', '7'], ['12a']);
    case 'location_select':
      return fc.constantFrom(undefined, PLACE);
    case 'asset_select':
    case 'streetlight_select':
    case 'clock_select':
    case 'caterpillar_select':
      return fc.constantFrom(undefined, ASSET);
    default:
      return fc.constantFrom(undefined, '', 'iets', 'https://example.com/a', 'x'.repeat(1001));
  }
}

const summary = (ev: Evaluation) => ({
  visible: ev.visibleKeys,
  required: ev.visible.filter((q) => q.required).map((q) => q.key),
  errors: ev.errors,
  blocked: ev.blocked,
  canAdvance: ev.canAdvance,
});

describe('incremental evaluation of the real sets equals a fresh evaluation', () => {
  it.each(setNames)('%s', (name) => {
    const set = loadSet(name);
    const subs = subcategoriesOf(tree, name);
    const answerable = set.questions.filter((q) => !NO_ANSWER.includes(q.field_type));
    const change = fc.oneof(
      ...answerable.map((q) => answersOf(q).map((value) => [q.key, value] as const)),
    );
    fc.assert(
      fc.property(fc.constantFrom(...subs), fc.array(change, { minLength: 1, maxLength: 25 }), ([main, sub], changes) => {
        const form = createForm(set);
        let answers: Answers = { category: main, subcategory: sub };
        for (const [key, value] of changes) {
          answers = { ...answers, [key]: value };
          const incremental = form.evaluate(answers, { now: NOW });
          const fresh = createForm(set).evaluate(answers, { now: NOW });
          expect(summary(incremental)).toEqual(summary(fresh));
        }
      }),
      { numRuns: 40, seed: 20260615 },
    );
  }, 60_000);
});
