import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createForm, type Answers, type Evaluation } from '../../src/index.ts';
import { changeArb, NOW, questionSetArb } from './arbitraries.ts';

function comparable(e: Evaluation) {
  return {
    visibleKeys: e.visibleKeys,
    visible: e.visible.map((q) => ({ key: q.key, error: q.error, blocking: q.blocking, required: q.required })),
    errors: e.errors,
    blocked: e.blocked,
    canAdvance: e.canAdvance,
    globalMessage: e.globalMessage,
    effectiveAnswers: e.effectiveAnswers,
  };
}

describe('evaluation properties', () => {
  it('incremental evaluation equals a fresh evaluation after any sequence of answer changes', () => {
    fc.assert(
      fc.property(
        questionSetArb,
        fc.array(fc.tuple(changeArb, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 12 }),
        (questions, steps) => {
          const form = createForm(questions);
          let answers: Answers = {};
          const earlier: [Evaluation, Evaluation][] = [];
          for (const [[key, value], staff, later] of steps) {
            answers = { ...answers, [key]: value };
            if (value === undefined) delete answers[key];
            const context = { isAuthenticated: staff, now: later ? new Date(NOW.getTime() + 86_400_000) : NOW };
            const incremental = form.evaluate(answers, context);
            const fresh = createForm(questions).evaluate(answers, context);
            earlier.push([incremental, fresh]);
            if (earlier.length % 2 === 0) expect(comparable(incremental)).toEqual(comparable(fresh));
          }
          // Results stay true to their own answers after later evaluations (nothing is shared or mutated).
          for (const [incremental, fresh] of earlier) expect(comparable(incremental)).toEqual(comparable(fresh));
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('evaluate never throws, whatever the answers hold', () => {
    fc.assert(
      fc.property(questionSetArb, fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'subcategory', 'x'), fc.anything()), (questions, answers) => {
        const form = createForm(questions);
        expect(() => form.evaluate(answers, { now: NOW })).not.toThrow();
        expect(() => form.evaluate(answers as Answers)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('a hidden question is never validated and its answer is never in effectiveAnswers', () => {
    fc.assert(
      fc.property(questionSetArb, fc.array(changeArb, { maxLength: 10 }), (questions, changes) => {
        const answers: Answers = Object.fromEntries(changes);
        const result = createForm(questions).evaluate(answers, { now: NOW });
        const visibleKeys = new Set(result.visibleKeys);
        for (const q of questions) {
          if (visibleKeys.has(q.key)) continue;
          expect(result.effectiveAnswers).not.toHaveProperty(q.key);
          expect(result.errors).not.toHaveProperty(q.key);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
