import { STEP_QUESTIONS } from './testSteps.node.ts';
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { currentStep, defaultFormFactory, evaluateStep, wizardMachine, type WizardEvent, type WizardInput } from './index.ts';
import { createInitialDraft } from '../incident/index.ts';
import type { Question } from '../schema/types.ts';

type Snapshot = SnapshotFrom<typeof wizardMachine>;

const input = (extra: Partial<WizardInput> = {}): WizardInput => ({
  createForm: defaultFormFactory, steps: STEP_QUESTIONS,
  now: () => new Date(2024, 4, 15, 12, 0),
  ...extra,
});

const send = (snapshot: Snapshot, ...events: WizardEvent[]) => events.reduce((s, e) => getNextSnapshot(wizardMachine, s, e), snapshot);
const start = (extra?: Partial<WizardInput>) => getInitialSnapshot(wizardMachine, input(extra));

const containerQuestion: Question = {
  key: 'extra_container',
  field_type: 'radio_input',
  required: true,
  meta: { label: 'Welke container?', values: { a: 'A' }, validators: ['required'] },
};
/** Shown only for another subcategory than the one chosen in these tests. */
const otherSubcategoryOnly: Question = { key: 'extra_elders', field_type: 'text_input', meta: { label: 'Elders', ifOneOf: { subcategory: 'huisafval' } } };

const describeIt: WizardEvent = {
  type: 'DRAFT',
  action: { type: 'update', payload: { description: 'Er ligt grofvuil', category: 'afval', subcategory: 'grofvuil' } },
};

/** The step-2 form is built when questions are fetched; in pure tests they arrive through the questions region. */
function withQuestions(snapshot: Snapshot, questions: Question[]): Snapshot {
  const loading = send(snapshot, { type: 'SET_CLASSIFICATION', result: { category: 'afval', subcategory: 'grofvuil' } });
  expect(loading.value).toMatchObject({ questions: 'loading' });
  // getNextSnapshot does not run actors: feed the done event of the invoked fetch by hand.
  const fetchId = Object.keys(loading.children).find((id) => id.length > 0 && loading.children[id]);
  expect(fetchId).toBeDefined();
  return getNextSnapshot(wizardMachine, loading, { type: `xstate.done.actor.${fetchId}`, output: { questions } } as unknown as WizardEvent);
}

describe('wizard navigation', () => {
  it('starts on beschrijf with a fresh draft', () => {
    const snapshot = start();
    expect(currentStep(snapshot)).toBe('beschrijf');
    expect(snapshot.context.draft.priority).toEqual({ id: 'normal', label: 'Normaal' });
  });

  it('stays on beschrijf and shows the errors when description and subcategory are missing', () => {
    const snapshot = send(start(), { type: 'NEXT' });
    expect(currentStep(snapshot)).toBe('beschrijf');
    expect(snapshot.context.attempts).toBe(1);
    expect(evaluateStep(snapshot.context, 'beschrijf')?.errors).toEqual({ description: 'Dit is een verplicht veld', subcategory: 'Dit veld is verplicht' });
  });

  it('refuses a description of only spaces or over 1000 characters', () => {
    const spaces = send(start(), { type: 'DRAFT', action: { type: 'update', payload: { description: '   ', subcategory: 'grofvuil' } } }, { type: 'NEXT' });
    expect(evaluateStep(spaces.context, 'beschrijf')?.errors.description).toBe('Dit is een verplicht veld');
    const long = send(start(), { type: 'DRAFT', action: { type: 'update', payload: { description: 'x'.repeat(1001), subcategory: 'grofvuil' } } }, { type: 'NEXT' });
    expect(evaluateStep(long.context, 'beschrijf')?.errors.description).toBe('U heeft meer dan de maximale 1000 tekens ingevoerd');
  });

  it('goes from beschrijf to vulaan when the category has a visible step-2 question', () => {
    const snapshot = send(withQuestions(send(start(), describeIt), [containerQuestion]), { type: 'NEXT' });
    expect(currentStep(snapshot)).toBe('vulaan');
    expect(snapshot.context.attempts).toBe(0);
  });

  it('goes straight to contact when the category has no visible step-2 question', () => {
    expect(currentStep(send(withQuestions(send(start(), describeIt), []), { type: 'NEXT' }))).toBe('contact');
    expect(currentStep(send(withQuestions(send(start(), describeIt), [otherSubcategoryOnly]), { type: 'NEXT' }))).toBe('contact');
  });

  it('goes to vulaan while the questions are still loading, and cannot leave it until they arrive', () => {
    const loading = send(start(), describeIt, { type: 'SET_CLASSIFICATION', result: { category: 'afval', subcategory: 'grofvuil' } });
    const vulaan = send(loading, { type: 'NEXT' });
    expect(currentStep(vulaan)).toBe('vulaan');
    expect(currentStep(send(vulaan, { type: 'NEXT' }))).toBe('vulaan');
  });

  it('advances from vulaan to contact only when no visible question fails', () => {
    const vulaan = send(withQuestions(send(start(), describeIt), [containerQuestion]), { type: 'NEXT' });
    const refused = send(vulaan, { type: 'NEXT' });
    expect(currentStep(refused)).toBe('vulaan');
    expect(refused.context.attempts).toBeGreaterThan(0);
    const answered = send(refused, { type: 'DRAFT', action: { type: 'answer', key: 'extra_container', value: { id: 'a', label: 'A' } } }, { type: 'NEXT' });
    expect(currentStep(answered)).toBe('contact');
    expect(answered.context.attempts).toBe(0);
  });

  it('goes back with PREVIOUS, skipping vulaan when the category has no step-2 question', () => {
    const withStep2 = send(withQuestions(send(start(), describeIt), [containerQuestion]), { type: 'NEXT' });
    expect(currentStep(send(withStep2, { type: 'PREVIOUS' }))).toBe('beschrijf');
    const contact = send(withStep2, { type: 'DRAFT', action: { type: 'answer', key: 'extra_container', value: { id: 'a' } } }, { type: 'NEXT' });
    expect(currentStep(send(contact, { type: 'PREVIOUS' }))).toBe('vulaan');
    const skipped = send(withQuestions(send(start(), describeIt), []), { type: 'NEXT' });
    expect(currentStep(send(skipped, { type: 'PREVIOUS' }))).toBe('beschrijf');
  });

  it('checks the contact details before the summary', () => {
    const contact = send(withQuestions(send(start(), describeIt), []), { type: 'NEXT' });
    const bad = send(contact, { type: 'DRAFT', action: { type: 'update', payload: { email: 'geen-adres', phone: '06-abc' } } }, { type: 'NEXT' });
    expect(currentStep(bad)).toBe('contact');
    expect(evaluateStep(bad.context, 'contact')?.errors).toEqual({
      email: 'Vul een geldig e-mailadres in, met een @ en een domeinnaam. Bijvoorbeeld: naam@domein.nl',
      phone: 'Ongeldig telefoonnummer, alleen cijfers, spaties, haakjes, + en - zijn toegestaan.',
    });
    const good = send(bad, { type: 'DRAFT', action: { type: 'update', payload: { email: 'melder@example.nl', phone: '+31 (0)6-12345678' } } }, { type: 'NEXT' });
    expect(currentStep(good)).toBe('summary');
  });

  it('sends from the summary: opslaan starts the create call', () => {
    const summary = send(withQuestions(send(start(), describeIt), []), { type: 'NEXT' }, { type: 'NEXT' });
    expect(currentStep(summary)).toBe('summary');
    const saving = send(summary, { type: 'NEXT' });
    expect(saving.value).toMatchObject({ step: { opslaan: 'submitting' } });
    expect(saving.context.submitError).toBeNull();
  });

  it('sends from the summary only while every step is still valid, else returns to the first invalid step', () => {
    const summary = send(withQuestions(send(start(), describeIt), [containerQuestion]), { type: 'NEXT' },
      { type: 'DRAFT', action: { type: 'answer', key: 'extra_container', value: { id: 'a' } } }, { type: 'NEXT' }, { type: 'NEXT' });
    const cleared = send(summary, { type: 'DRAFT', action: { type: 'answer', key: 'extra_container', value: undefined } }, { type: 'NEXT' });
    expect(currentStep(cleared)).toBe('vulaan');
    const noText = send(summary, { type: 'DRAFT', action: { type: 'update', payload: { description: '' } } }, { type: 'NEXT' });
    expect(currentStep(noText)).toBe('beschrijf');
    const badEmail = send(summary, { type: 'DRAFT', action: { type: 'update', payload: { email: 'geen adres' } } }, { type: 'NEXT' });
    expect(currentStep(badEmail)).toBe('contact');
  });

  it('jumps back with GOTO from the summary, and forward again only to a reached step', () => {
    const summary = send(withQuestions(send(start(), describeIt), [containerQuestion]), { type: 'NEXT' },
      { type: 'DRAFT', action: { type: 'answer', key: 'extra_container', value: { id: 'a' } } }, { type: 'NEXT' }, { type: 'NEXT' });
    expect(currentStep(summary)).toBe('summary');
    const back = send(summary, { type: 'GOTO', step: 'beschrijf' });
    expect(currentStep(back)).toBe('beschrijf');
    expect(currentStep(send(back, { type: 'GOTO', step: 'summary' }))).toBe('summary');
    const broken = send(back, { type: 'DRAFT', action: { type: 'update', payload: { description: '' } } }, { type: 'GOTO', step: 'summary' });
    expect(currentStep(broken)).toBe('beschrijf');
  });

  it('clears the errors of a refused step when going back', () => {
    const refused = send(withQuestions(send(start(), describeIt), [containerQuestion]), { type: 'NEXT' }, { type: 'NEXT' });
    expect(refused.context.attempts).toBeGreaterThan(0);
    const back = send(refused, { type: 'PREVIOUS' });
    expect(currentStep(back)).toBe('beschrijf');
    expect(back.context.attempts).toBe(0);
  });

  it('fetches the questions when a draft change sets another category, and only then', () => {
    const preset = send(start(), describeIt);
    expect(preset.value).toMatchObject({ questions: 'loading' });
    expect(preset.context.questionsFor).toBe('afval/grofvuil');
    const loaded = withQuestions(preset, [containerQuestion]);
    expect(send(loaded, { type: 'DRAFT', action: { type: 'update', payload: { email: 'a@b.nl' } } }).value).toMatchObject({ questions: 'idle' });
  });

  it('builds the step-2 form from questions that arrive through the draft, and drops it when they fail', () => {
    const withForm = send(start(), describeIt, { type: 'DRAFT', action: { type: 'questionsSuccess', questions: [containerQuestion] } });
    expect(withForm.context.form?.questions).toEqual([containerQuestion]);
    expect(currentStep(send(withForm, { type: 'NEXT' }))).toBe('vulaan');
    expect(send(withForm, { type: 'DRAFT', action: { type: 'questionsError' } }).context.form).toBeNull();
  });

  it('refuses GOTO to a step not reached yet', () => {
    const snapshot = send(withQuestions(send(start(), describeIt), [containerQuestion]), { type: 'GOTO', step: 'summary' });
    expect(currentStep(snapshot)).toBe('beschrijf');
  });

  it('has only a next button in app mode: PREVIOUS does nothing', () => {
    const vulaan = send(withQuestions(send(start({ appMode: true }), describeIt), [containerQuestion]), { type: 'NEXT' });
    expect(currentStep(vulaan)).toBe('vulaan');
    expect(currentStep(send(vulaan, { type: 'PREVIOUS' }))).toBe('vulaan');
    expect(vulaan.context.draft.source?.label).toBe('app');
  });

  it('requires source, priority and type from signed-in staff', () => {
    const staff = send(start({ isAuthenticated: true }), describeIt, {
      type: 'DRAFT',
      action: { type: 'update', payload: { source: null, priority: { id: '', label: '' }, type: { id: '', label: '' } } },
    }, { type: 'NEXT' });
    expect(currentStep(staff)).toBe('beschrijf');
    expect(evaluateStep(staff.context, 'beschrijf')?.errors).toEqual({ source: 'Dit veld is verplicht', priority: 'Dit veld is verplicht', type: 'Dit veld is verplicht' });
  });

  it('resumes a restored draft at the given step', () => {
    const draft = { ...createInitialDraft(), description: 'x', category: 'afval', subcategory: 'grofvuil', loadingData: false };
    const snapshot = start({ draft, step: 'contact' });
    expect(currentStep(snapshot)).toBe('contact');
    expect(currentStep(send(snapshot, { type: 'GOTO', step: 'beschrijf' }))).toBe('beschrijf');
  });
});

describe('wizard classification', () => {
  it('requests a prediction when the description is left, while predictions are on', () => {
    const snapshot = send(start(), { type: 'CLASSIFY', text: 'Er ligt grofvuil' });
    expect(snapshot.value).toMatchObject({ classification: 'predicting' });
    expect(send(start(), { type: 'CLASSIFY', text: '  ' }).value).toMatchObject({ classification: 'idle' });
  });

  it("answers a 'Volgende' pressed while the description's prediction is under way once it is in, instead of refusing it", () => {
    const typed = send(start(), { type: 'DRAFT', action: { type: 'update', payload: { description: 'Er staat een fietswrak' } } });
    // the press that leaves the field: the prediction starts, then the click arrives
    const pressed = send(typed, { type: 'CLASSIFY', text: 'Er staat een fietswrak' }, { type: 'NEXT' });
    expect(currentStep(pressed)).toBe('beschrijf');
    expect(pressed.context.attempts).toBe(0);
    const predictionId = Object.keys(pressed.children).find((id) => id.length > 0 && pressed.children[id]);
    expect(predictionId).toBeDefined();
    const predicted = getNextSnapshot(wizardMachine, pressed, {
      type: `xstate.done.actor.${predictionId}`,
      output: { category: 'afval', subcategory: 'grofvuil' },
    } as unknown as WizardEvent);
    expect(currentStep(predicted)).not.toBe('beschrijf');
    expect(predicted.context.nextAfterPrediction).toBe(false);
  });

  it('answers that waiting press also when the prediction fails (the fallback subcategory is set)', () => {
    const pressed = send(start(), { type: 'DRAFT', action: { type: 'update', payload: { description: 'Iets' } } }, { type: 'CLASSIFY', text: 'Iets' }, { type: 'NEXT' });
    const predictionId = Object.keys(pressed.children).find((id) => id.length > 0 && pressed.children[id]);
    const failed = getNextSnapshot(wizardMachine, pressed, { type: `xstate.error.actor.${predictionId}`, error: new Error('down') } as unknown as WizardEvent);
    expect(failed.context.nextAfterPrediction).toBe(false);
    expect(currentStep(failed)).not.toBe('beschrijf');
  });

  it('asks no prediction after a manual classification', () => {
    const manual = send(start(), { type: 'SET_CLASSIFICATION', result: { category: 'afval', subcategory: 'grofvuil' } });
    expect(manual.context.draft.usePredictions).toBe(false);
    expect(send(manual, { type: 'CLASSIFY', text: 'Boom' }).value).toMatchObject({ classification: 'idle' });
  });
});
