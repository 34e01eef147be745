import { STEP_QUESTIONS } from './testSteps.node.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate';
import type { Question } from '../schema/types.ts';
import { currentStep, defaultFormFactory, stepIndex, evaluateStep, wizardMachine, type WizardEvent } from './index.ts';
import { evaluateStep2 } from './evaluation.ts';

type Snapshot = SnapshotFrom<typeof wizardMachine>;

const questions: Question[] = [
  { key: 'extra_wat', field_type: 'radio_input', required: true, meta: { label: 'Wat?', values: { a: 'A', b: 'B' }, validators: ['required'] } },
  { key: 'extra_toelichting', field_type: 'text_input', required: true, meta: { label: 'Toelichting', ifOneOf: { extra_wat: 'b' }, validators: ['required'] } },
];

const draftEvent = (action: Extract<WizardEvent, { type: 'DRAFT' }>['action']): WizardEvent => ({ type: 'DRAFT', action });

const eventArb: fc.Arbitrary<WizardEvent> = fc.oneof(
  fc.constant<WizardEvent>({ type: 'NEXT' }),
  fc.constant<WizardEvent>({ type: 'PREVIOUS' }),
  fc.constantFrom<WizardEvent>(
    { type: 'GOTO', step: 'beschrijf' },
    { type: 'GOTO', step: 'vulaan' },
    { type: 'GOTO', step: 'contact' },
    { type: 'GOTO', step: 'summary' },
  ),
  fc.constantFrom('', 'Er ligt grofvuil', ' ').map((description) => draftEvent({ type: 'update', payload: { description } })),
  fc.constantFrom('', 'grofvuil').map((subcategory) => draftEvent({ type: 'update', payload: { subcategory } })),
  fc.constantFrom(undefined, { id: 'a', label: 'A' }, { id: 'b', label: 'B' }).map((value) => draftEvent({ type: 'answer', key: 'extra_wat', value })),
  fc.constantFrom(undefined, 'x').map((value) => draftEvent({ type: 'answer', key: 'extra_toelichting', value })),
  fc.constantFrom('', 'melder@example.nl', 'geen adres').map((email) => draftEvent({ type: 'update', payload: { email } })),
);

function valid(snapshot: Snapshot, step: 'beschrijf' | 'vulaan' | 'contact'): boolean {
  const { context } = snapshot;
  if (step === 'beschrijf' || step === 'contact') return evaluateStep(context, step)?.canAdvance === true;
  return evaluateStep2(context)?.canAdvance ?? true;
}

describe('wizard navigation, for any sequence of events', () => {
  it('only moves forward past a step that is valid at that moment, and never past opslaan by itself', () => {
    const start = getNextSnapshot(
      wizardMachine,
      getInitialSnapshot(wizardMachine, { createForm: defaultFormFactory, steps: STEP_QUESTIONS }),
      draftEvent({ type: 'update', payload: { category: 'afval', subcategory: 'grofvuil', loadingData: false } }),
    );
    const loaded = getNextSnapshot(wizardMachine, start, draftEvent({ type: 'questionsSuccess', questions }));
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        let snapshot = loaded;
        for (const event of events) {
          const before = currentStep(snapshot);
          snapshot = getNextSnapshot(wizardMachine, snapshot, event);
          const after = currentStep(snapshot);
          if (stepIndex(after) > stepIndex(before)) {
            for (const step of ['beschrijf', 'vulaan', 'contact'] as const) {
              if (stepIndex(step) >= stepIndex(before) && stepIndex(step) < stepIndex(after)) expect(valid(snapshot, step), `${before} → ${after}: ${step}`).toBe(true);
            }
          }
          if (after === 'opslaan') for (const step of ['beschrijf', 'vulaan', 'contact'] as const) expect(valid(snapshot, step), `sending with ${step} invalid`).toBe(true);
          expect(['bedankt', 'fout']).not.toContain(after);
        }
      }),
      { numRuns: 300 },
    );
  });
});
