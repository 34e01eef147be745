import { describe, expect, it, vi } from 'vitest';
import { STEP_QUESTIONS } from './testSteps.node.ts';
import { createActor, fromPromise, waitFor } from 'xstate';
import { currentStep, defaultFormFactory, wizardMachine, type FetchedQuestions, type FetchQuestionsInput, type SubmitInput, type UploadInput } from './index.ts';
import type { ClassificationResult } from '../incident/index.ts';
import type { CreatedIncident, IncidentDraft } from '../incident/types.ts';
import type { Question } from '../schema/types.ts';

const grofvuil: ClassificationResult = {
  category: 'afval',
  subcategory: 'grofvuil',
  classification: { id: 'u/grofvuil', name: 'Grofvuil', slug: 'grofvuil' },
  handling_message: 'Binnen 3 werkdagen.',
};
const question: Question = { key: 'extra_afval', field_type: 'textarea_input', meta: { label: 'Wat ligt er?' } };

interface Stubs {
  classify?: (input: { text: string }) => Promise<ClassificationResult>;
  fetchQuestions?: (input: FetchQuestionsInput) => Promise<Question[] | FetchedQuestions>;
  submit?: (input: SubmitInput) => Promise<CreatedIncident>;
  uploadPhoto?: (input: UploadInput) => Promise<unknown>;
}

function startWizard(stubs: Stubs, draft?: Partial<IncidentDraft>) {
  const machine = wizardMachine.provide({
    actors: {
      classify: fromPromise(({ input }: { input: { text: string } }) => (stubs.classify ?? (async () => grofvuil))(input)),
      fetchQuestions: fromPromise(({ input }: { input: FetchQuestionsInput }) =>
        (stubs.fetchQuestions ?? (async () => []))(input).then((found): FetchedQuestions => (Array.isArray(found) ? { questions: found } : found)),
      ),
      submit: fromPromise(({ input }: { input: SubmitInput }) => (stubs.submit ?? (async (): Promise<CreatedIncident> => ({ signal_id: 'sig-1', id: 1 })))(input)),
      uploadPhoto: fromPromise(({ input }: { input: UploadInput }) => (stubs.uploadPhoto ?? (async () => undefined))(input)),
    },
  });
  const actor = createActor(machine, { input: { createForm: defaultFormFactory, steps: STEP_QUESTIONS, now: () => new Date(2024, 4, 15, 12, 0) } });
  actor.start();
  if (draft) actor.send({ type: 'DRAFT', action: { type: 'update', payload: draft } });
  return actor;
}

const idle = (snapshot: { value: unknown }) =>
  (snapshot.value as { classification: string; questions: string }).classification === 'idle' &&
  (snapshot.value as { questions: string }).questions === 'idle';

async function toSummary(actor: ReturnType<typeof startWizard>) {
  actor.send({ type: 'CLASSIFY', text: 'Er ligt grofvuil' });
  await waitFor(actor, idle);
  actor.send({ type: 'NEXT' });
  if (currentStep(actor.getSnapshot()) === 'vulaan') actor.send({ type: 'NEXT' });
  actor.send({ type: 'NEXT' });
  expect(currentStep(actor.getSnapshot())).toBe('summary');
}

const images = [
  { id: 'img-1', name: 'een.jpg', type: 'image/jpeg', size: 40_000 },
  { id: 'img-2', name: 'twee.png', type: 'image/png', size: 50_000 },
];

describe('wizard effects', () => {
  it('classifies the description, drops old extra answers and fetches the questions of the new category', async () => {
    const fetchQuestions = vi.fn(async () => [question]);
    const classify = vi.fn(async () => grofvuil);
    const actor = startWizard({ classify, fetchQuestions }, { description: 'Er ligt grofvuil', answers: { extra_oud: 'x' } });
    actor.send({ type: 'CLASSIFY', text: 'Er ligt grofvuil' });
    await waitFor(actor, idle);
    const { draft, form } = actor.getSnapshot().context;
    expect(classify).toHaveBeenCalledWith({ text: 'Er ligt grofvuil' });
    expect(draft).toMatchObject({ category: 'afval', subcategory: 'grofvuil', handling_message: 'Binnen 3 werkdagen.', loadingData: false });
    expect(draft.answers.extra_oud).toBeUndefined();
    expect(fetchQuestions).toHaveBeenCalledWith({ category: 'afval', subcategory: 'grofvuil', isAuthenticated: false, questionSet: null });
    expect(draft.questions).toEqual([question]);
    expect(form?.questions).toEqual([question]);
    actor.stop();
  });

  it('records the published question set the questions came from, and a resumed draft asks for that version again (docs/studio-api.md)', async () => {
    const fetchQuestions = vi.fn(async (input: FetchQuestionsInput): Promise<FetchedQuestions> => ({ questions: [question], questionSet: input.questionSet ?? { name: 'afval', version: 3 } }));
    const actor = startWizard({ fetchQuestions }, { description: 'Er ligt grofvuil' });
    actor.send({ type: 'CLASSIFY', text: 'Er ligt grofvuil' });
    await waitFor(actor, idle);
    const { draft } = actor.getSnapshot().context;
    expect(draft.questionSet).toEqual({ name: 'afval', version: 3 });
    actor.stop();

    // the draft kept on the device, restored: its questions are asked again, for version 3
    const resumed = startWizard({ fetchQuestions }, { ...JSON.parse(JSON.stringify(draft)), questions: [] });
    resumed.send({ type: 'FETCH_QUESTIONS' });
    await waitFor(resumed, idle);
    expect(fetchQuestions).toHaveBeenLastCalledWith({ category: 'afval', subcategory: 'grofvuil', isAuthenticated: false, questionSet: { name: 'afval', version: 3 } });
    expect(resumed.getSnapshot().context.draft.questionSet).toEqual({ name: 'afval', version: 3 });
    resumed.stop();
  });

  it("falls back to overig with 'We gaan zo snel mogelijk aan de slag.' when the prediction fails", async () => {
    const actor = startWizard({ classify: async () => Promise.reject(new Error('down')) }, { description: 'x' });
    actor.send({ type: 'CLASSIFY', text: 'x' });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.draft).toMatchObject({
      category: 'overig',
      subcategory: 'overig',
      handling_message: 'We gaan zo snel mogelijk aan de slag.',
    });
    actor.stop();
  });

  it('leaves no questions and no step 2 when fetching the questions fails', async () => {
    const actor = startWizard({ fetchQuestions: async () => Promise.reject(new Error('400')) }, { description: 'x' });
    actor.send({ type: 'CLASSIFY', text: 'x' });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.draft).toMatchObject({ questions: [], loadingData: false });
    actor.send({ type: 'NEXT' });
    expect(currentStep(actor.getSnapshot())).toBe('contact');
    actor.stop();
  });

  it('creates the report, then uploads the photos one by one with the returned signal_id, then thanks', async () => {
    const order: string[] = [];
    const submit = vi.fn(async (input: SubmitInput): Promise<CreatedIncident> => {
      order.push(`submit:${input.draft.description}`);
      return { signal_id: 'sig-42', id: 42 };
    });
    const uploadPhoto = vi.fn(async (input: UploadInput) => {
      order.push(`start:${input.image.id}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`end:${input.image.id}@${input.signalId}`);
    });
    const actor = startWizard({ submit, uploadPhoto, fetchQuestions: async () => [question] }, { description: 'Grofvuil', images });
    await toSummary(actor);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => currentStep(s) === 'bedankt');
    expect(order).toEqual(['submit:Grofvuil', 'start:img-1', 'end:img-1@sig-42', 'start:img-2', 'end:img-2@sig-42']);
    const { draft, uploadErrors } = actor.getSnapshot().context;
    expect(draft.incident).toEqual({ signal_id: 'sig-42', id: 42, handling_message: 'Binnen 3 werkdagen.' });
    expect(uploadErrors).toEqual([]);
    expect(submit.mock.calls[0][0].evaluation?.visibleKeys).toEqual(['extra_afval']);
    actor.stop();
  });

  it('keeps the report and records the error when a photo upload fails', async () => {
    const uploadPhoto = vi.fn(async (input: UploadInput) => {
      if (input.image.id === 'img-1') throw new Error('Upload failed');
    });
    const actor = startWizard({ uploadPhoto }, { description: 'Grofvuil', images });
    await toSummary(actor);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => currentStep(s) === 'bedankt');
    expect(uploadPhoto).toHaveBeenCalledTimes(2);
    const { draft, uploadErrors } = actor.getSnapshot().context;
    expect(draft.incident?.signal_id).toBe('sig-1');
    expect(uploadErrors).toEqual([{ imageId: 'img-1', name: 'een.jpg', message: 'Het uploaden van de foto is niet gelukt' }]);
    actor.stop();
  });

  it('goes to fout when sending fails, and can try again from there', async () => {
    let attempts = 0;
    const submit = vi.fn(async (): Promise<CreatedIncident> => {
      attempts += 1;
      if (attempts === 1) throw new Error('Interne fout');
      return { signal_id: 'sig-2', id: 2 };
    });
    const actor = startWizard({ submit }, { description: 'Grofvuil' });
    await toSummary(actor);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => currentStep(s) === 'fout');
    expect(actor.getSnapshot().context.submitError).toBe('Interne fout');
    expect(actor.getSnapshot().context.draft.description).toBe('Grofvuil');
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => currentStep(s) === 'bedankt');
    expect(actor.getSnapshot().context.submitError).toBeNull();
    actor.stop();
  });

  it('resets the draft after the thank-you page', async () => {
    const actor = startWizard({}, { description: 'Grofvuil', email: 'melder@example.nl' });
    await toSummary(actor);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => currentStep(s) === 'bedankt');
    expect(actor.getSnapshot().context.draft.incident?.signal_id).toBe('sig-1');
    actor.send({ type: 'NEXT' });
    const { draft, form } = actor.getSnapshot().context;
    expect(currentStep(actor.getSnapshot())).toBe('beschrijf');
    expect(draft).toMatchObject({ description: '', email: '', category: '', incident: null });
    expect(form).toBeNull();
    actor.stop();
  });

  it('sends staff reports as staff', async () => {
    const submit = vi.fn(async (_input: SubmitInput): Promise<CreatedIncident> => ({ signal_id: 's', id: 3 }));
    const machine = wizardMachine.provide({
      actors: {
        classify: fromPromise(async () => grofvuil),
        fetchQuestions: fromPromise(async () => ({ questions: [] as Question[] })),
        submit: fromPromise(({ input }: { input: SubmitInput }) => submit(input)),
      },
    });
    const actor = createActor(machine, { input: { createForm: defaultFormFactory, steps: STEP_QUESTIONS, isAuthenticated: true } }).start();
    // a staff member's draft starts without the public source 'online' (docs/reference/limits.md#validation: source required for staff)
    expect(actor.getSnapshot().context.draft.source).toBeNull();
    actor.send({ type: 'DRAFT', action: { type: 'update', payload: { description: 'x' } } });
    actor.send({ type: 'CLASSIFY', text: 'Er ligt grofvuil' });
    await waitFor(actor, idle);
    actor.send({ type: 'NEXT' });
    expect(currentStep(actor.getSnapshot())).toBe('beschrijf');
    actor.send({ type: 'DRAFT', action: { type: 'update', payload: { source: { id: 'Telefoon – ASC', label: 'Telefoon – ASC' } } } });
    await toSummary(actor as unknown as ReturnType<typeof startWizard>);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => currentStep(s) === 'bedankt');
    expect(submit.mock.calls[0]).toMatchObject([{ isAuthenticated: true, draft: { source: { id: 'Telefoon – ASC' } } }]);
    actor.stop();
  });
});
