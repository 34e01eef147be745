/**
 * Steps 1 and 3 are question sets: what a municipality changes in the JSON is
 * what the wizard asks, refuses and sends.
 */
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { buildPayload } from '../payload/index.ts';
import type { Question } from '../schema/types.ts';
import { STEP_QUESTIONS } from './testSteps.node.ts';
import { currentStep, defaultFormFactory, evaluateStep, wizardMachine, type StepQuestionSets, type WizardEvent } from './index.ts';
import { reportForm } from './evaluation.ts';

type Snapshot = SnapshotFrom<typeof wizardMachine>;
const send = (snapshot: Snapshot, ...events: WizardEvent[]) => events.reduce((s, e) => getNextSnapshot(wizardMachine, s, e), snapshot);
const now = new Date(2024, 4, 15, 12, 0);
const start = (steps: StepQuestionSets = STEP_QUESTIONS, isAuthenticated = false) =>
  getInitialSnapshot(wizardMachine, { createForm: defaultFormFactory, steps, isAuthenticated, now: () => now });

const described: WizardEvent = {
  type: 'DRAFT',
  action: { type: 'update', payload: { description: 'Er ligt grofvuil', category: 'afval', subcategory: 'grofvuil', loadingData: false } },
};

/** Step 3 as a municipality might change it: a required phone number and a question of its own. */
function changedContact(): StepQuestionSets {
  const contact = STEP_QUESTIONS.contact.map((q): Question =>
    q.key === 'phone' ? { ...q, required: true, meta: { ...q.meta, validators: ['required', 'phone'] } } : q,
  );
  const extra: Question = {
    key: 'extra_bereikbaar',
    field_type: 'text_input',
    meta: { label: 'Wanneer bent u bereikbaar?', shortLabel: 'Bereikbaar', pathMerge: 'extra_properties' },
  };
  return { ...STEP_QUESTIONS, contact: [...contact, extra] };
}

describe('the step question sets', () => {
  it('shows residents the description, subcategory and photos of step 1, and staff also source, priority and type', () => {
    expect(evaluateStep(start().context, 'beschrijf')?.visibleKeys).toEqual(['description', 'subcategory', 'images']);
    expect(evaluateStep(start(STEP_QUESTIONS, true).context, 'beschrijf')?.visibleKeys).toEqual([
      'source',
      'description',
      'subcategory',
      'priority',
      'type',
      'images',
    ]);
  });

  it('refuses step 3 without the phone number once contact.json requires it, and sends its own question as an extra property', () => {
    const contact = send(start(changedContact()), described, { type: 'DRAFT', action: { type: 'questionsSuccess', questions: [] } }, { type: 'NEXT' });
    expect(currentStep(contact)).toBe('contact');
    const refused = send(contact, { type: 'NEXT' });
    expect(currentStep(refused)).toBe('contact');
    expect(evaluateStep(refused.context, 'contact')?.errors).toEqual({ phone: 'Dit is een verplicht veld' });
    const lettered = send(refused, { type: 'DRAFT', action: { type: 'answer', key: 'phone', value: '020-abc' } });
    expect(evaluateStep(lettered.context, 'contact')?.errors).toEqual({
      phone: 'Ongeldig telefoonnummer, alleen cijfers, spaties, haakjes, + en - zijn toegestaan.',
    });
    const summary = send(
      lettered,
      { type: 'DRAFT', action: { type: 'answer', key: 'phone', value: '020 123 4567' } },
      { type: 'DRAFT', action: { type: 'answer', key: 'extra_bereikbaar', value: 'Na vijven' } },
      { type: 'NEXT' },
    );
    expect(currentStep(summary)).toBe('summary');
    const payload = buildPayload(summary.context.draft, { now, form: reportForm(summary.context) });
    expect(payload.reporter.phone).toBe('020 123 4567');
    expect(payload.extra_properties).toEqual([
      {
        id: 'extra_bereikbaar',
        label: 'Bereikbaar',
        category_url: '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil',
        answer: 'Na vijven',
      },
    ]);
  });

  it('stores the answers of the report fields in the draft once, in the draft’s shape', () => {
    const answered = send(
      start(STEP_QUESTIONS, true),
      { type: 'DRAFT', action: { type: 'answer', key: 'source', value: { id: 'Telefoon', label: 'Telefoon' } } },
      { type: 'DRAFT', action: { type: 'answer', key: 'sharing_allowed', value: { label: 'Ja, ik geef toestemming', value: true } } },
      { type: 'DRAFT', action: { type: 'answer', key: 'images', value: [{ id: 'a', name: 'a.png', type: 'image/png', size: 10, file: {} }] } },
    );
    const { draft } = answered.context;
    expect(draft.source).toEqual({ id: 'Telefoon', label: 'Telefoon' });
    expect(draft.sharing_allowed).toEqual({ label: 'Ja, ik geef toestemming', value: true });
    expect(draft.images).toEqual([{ id: 'a', name: 'a.png', type: 'image/png', size: 10 }]);
    expect(draft.answers).toEqual({});
  });

  it('keeps an evaluation while the answers it reads stay the same', () => {
    const described1 = send(start(), described);
    const first = evaluateStep(described1.context, 'beschrijf');
    const mapOpened = send(described1, { type: 'DRAFT', action: { type: 'showMap' } });
    expect(evaluateStep(mapOpened.context, 'beschrijf')).toBe(first);
    const retyped = send(mapOpened, { type: 'DRAFT', action: { type: 'answer', key: 'description', value: 'Er ligt veel grofvuil' } });
    expect(evaluateStep(retyped.context, 'beschrijf')).not.toBe(first);
  });
});
