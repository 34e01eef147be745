import { and, assign, fromPromise, raise, setup } from 'xstate';
import type { Question } from '../schema/types.ts';
import type { Evaluation, Form, FormContext } from '../form/types.ts';
import { createInitialDraft } from '../incident/defaults.ts';
import { incidentReducer, type ClassificationResult, type IncidentAction } from '../incident/reducer.ts';
import type { CreatedIncident, ImageDraft, IncidentDraft } from '../incident/types.ts';
import { UPLOAD_FAILED_MESSAGE } from '../api/messages.ts';
import { EDITABLE_STEPS, stepIndex, type EditableStep, type Step } from './steps.ts';
import { validateContactStep, validateDescriptionStep, type StepErrors } from './validation.ts';

/** Builds the engine form of step 2 from the category's questions. */
export type FormFactory = (questions: Question[], context: FormContext) => Form;

export interface WizardInput {
  /**
   * Builds the step-2 form (the engine's is `defaultFormFactory`). Injected, not
   * imported here: the form compiler then stays out of the web app's first page,
   * which loads it with the category's questions.
   */
  createForm: FormFactory;
  isAuthenticated?: boolean;
  appMode?: boolean;
  /** A draft restored after a reload. */
  draft?: IncidentDraft;
  /** The step to resume at with a restored draft (it counts as reached). */
  step?: EditableStep;
  /** The clock; rules never read the time themselves. */
  now?: () => Date;
}

export interface UploadFailure {
  imageId: string;
  name: string;
  message: string;
}

export interface WizardContext {
  draft: IncidentDraft;
  isAuthenticated: boolean;
  appMode: boolean;
  now: () => Date;
  createForm: FormFactory;
  /** The step-2 form, built when the questions arrive. */
  form: Form | null;
  /** 'category/subcategory' the current questions belong to. */
  questionsFor: string | null;
  /** Index of the furthest step reached. */
  furthest: number;
  resumeAt: EditableStep | null;
  /** Errors of the last refused NEXT on step 1 or 3. */
  stepErrors: StepErrors;
  /** True after a refused NEXT, until the step is left. */
  showErrors: boolean;
  uploadIndex: number;
  uploadErrors: UploadFailure[];
  submitError: string | null;
}

export type WizardEvent =
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'GOTO'; step: EditableStep }
  | { type: 'DRAFT'; action: IncidentAction }
  /** The description field was left: request a prediction when predictions are on. */
  | { type: 'CLASSIFY'; text: string }
  /** A manual category choice. */
  | { type: 'SET_CLASSIFICATION'; result: ClassificationResult }
  | { type: 'FETCH_QUESTIONS' }
  | { type: 'RESET' };

export interface SubmitInput {
  draft: IncidentDraft;
  isAuthenticated: boolean;
  /** The step-2 evaluation at the moment of sending (visible questions, effective answers). */
  evaluation: Evaluation | null;
  now: Date;
}

export interface UploadInput {
  signalId: string;
  image: ImageDraft;
  isAuthenticated: boolean;
}

/** The values the step-2 conditions and validators see. */
export function formValues(draft: IncidentDraft): Record<string, unknown> {
  return { dateTime: draft.dateTime, ...draft.answers, category: draft.category, subcategory: draft.subcategory };
}

export function evaluateStep2(context: Pick<WizardContext, 'form' | 'draft' | 'isAuthenticated' | 'now'>): Evaluation | null {
  if (!context.form) return null;
  return context.form.evaluate(formValues(context.draft), { isAuthenticated: context.isAuthenticated, now: context.now() });
}

/** Step 2 is shown unless the questions are known and none of them is visible. */
function hasStep2(context: WizardContext): boolean {
  if (context.draft.loadingData) return true;
  const evaluation = evaluateStep2(context);
  return evaluation !== null && evaluation.visibleKeys.length > 0;
}

function step2CanAdvance(context: WizardContext): boolean {
  if (context.draft.loadingData) return false;
  const evaluation = evaluateStep2(context);
  return evaluation === null || evaluation.canAdvance;
}

const noErrors = (errors: StepErrors) => Object.keys(errors).length === 0;
const descriptionErrors = (c: WizardContext) => validateDescriptionStep(c.draft, { isAuthenticated: c.isAuthenticated });

function stepValid(context: WizardContext, step: EditableStep): boolean {
  switch (step) {
    case 'beschrijf':
      return noErrors(descriptionErrors(context));
    case 'vulaan':
      return !hasStep2(context) || step2CanAdvance(context);
    case 'contact':
      return noErrors(validateContactStep(context.draft));
    case 'summary':
      return true;
  }
}

function notProvided(name: string) {
  return fromPromise<never, unknown>(async () => {
    throw new Error(`The wizard's '${name}' actor was not provided`);
  });
}

const categoryKey = (draft: IncidentDraft) => `${draft.category}/${draft.subcategory}`;

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  actors: {
    classify: notProvided('classify') as unknown as ReturnType<typeof fromPromise<ClassificationResult, { text: string }>>,
    fetchQuestions: notProvided('fetchQuestions') as unknown as ReturnType<
      typeof fromPromise<Question[], { category: string; subcategory: string; isAuthenticated: boolean }>
    >,
    submit: notProvided('submit') as unknown as ReturnType<typeof fromPromise<CreatedIncident, SubmitInput>>,
    uploadPhoto: notProvided('uploadPhoto') as unknown as ReturnType<typeof fromPromise<unknown, UploadInput>>,
  },
  guards: {
    /** App mode shows only a next button: no way back. */
    backAllowed: ({ context }) => !context.appMode,
    descriptionStepValid: ({ context }) => stepValid(context, 'beschrijf'),
    contactStepValid: ({ context }) => stepValid(context, 'contact'),
    hasStep2: ({ context }) => hasStep2(context),
    step2CanAdvance: ({ context }) => step2CanAdvance(context),
    shouldPredict: ({ context, event }) => event.type === 'CLASSIFY' && context.draft.usePredictions && event.text.trim() !== '',
    questionsOutdated: ({ context }) => context.questionsFor !== categoryKey(context.draft) && context.draft.subcategory !== '',
    resumeAt: ({ context }, params: { step: EditableStep }) => context.resumeAt === params.step,
    /**
     * GOTO a step: it must have been reached before; going forward, every
     * step in between (and the current one) must be valid.
     */
    canGoTo: ({ context, event }, params: { step: EditableStep; from: EditableStep }) => {
      if (event.type !== 'GOTO' || event.step !== params.step || params.step === params.from) return false;
      const target = stepIndex(params.step);
      if (target > context.furthest) return false;
      if (params.step === 'vulaan' && !hasStep2(context)) return false;
      const from = stepIndex(params.from);
      if (target < from) return true;
      return EDITABLE_STEPS.filter((s) => stepIndex(s) >= from && stepIndex(s) < target).every((s) => stepValid(context, s));
    },
    hasPhotoLeft: ({ context }) => context.uploadIndex < context.draft.images.length,
  },
  actions: {
    applyDraftAction: assign(({ context, event }) => {
      if (event.type !== 'DRAFT') return {};
      const draft = incidentReducer(context.draft, event.action);
      // Questions changed through the draft (e.g. a reset) rebuild the step-2 form.
      if (draft.questions === context.draft.questions) return { draft };
      const form = draft.questions.length ? context.createForm(draft.questions, { isAuthenticated: context.isAuthenticated }) : null;
      return { draft, form };
    }),
    reachStep: assign({
      furthest: ({ context }, params: { step: Step }) => Math.max(context.furthest, stepIndex(params.step)),
      showErrors: false,
      stepErrors: {},
    }),
    refuseDescription: assign({ showErrors: true, stepErrors: ({ context }) => descriptionErrors(context) }),
    refuseContact: assign({ showErrors: true, stepErrors: ({ context }) => validateContactStep(context.draft) }),
    refuseStep2: assign({ showErrors: true, stepErrors: {} }),
    applyClassification: assign({
      draft: ({ context }, params: { result: ClassificationResult; manual: boolean }) =>
        incidentReducer(context.draft, { type: params.manual ? 'setClassification' : 'classificationSuccess', result: params.result }),
    }),
    applyClassificationFailure: assign({
      draft: ({ context }) => incidentReducer(context.draft, { type: 'classificationError' }),
    }),
    requestQuestions: raise({ type: 'FETCH_QUESTIONS' }),
    startLoadingQuestions: assign({
      draft: ({ context }) => incidentReducer(context.draft, { type: 'setLoadingData', loadingData: true }),
      questionsFor: ({ context }) => categoryKey(context.draft),
    }),
    storeQuestions: assign(({ context }, params: { questions: Question[] }) => ({
      draft: incidentReducer(context.draft, { type: 'questionsSuccess', questions: params.questions }),
      form: params.questions.length ? context.createForm(params.questions, { isAuthenticated: context.isAuthenticated }) : null,
    })),
    dropQuestions: assign({
      draft: ({ context }) => incidentReducer(context.draft, { type: 'questionsError' }),
      form: null,
    }),
    startSubmit: assign({
      draft: ({ context }) => incidentReducer(context.draft, { type: 'createStart' }),
      submitError: null,
      uploadIndex: 0,
      uploadErrors: [],
    }),
    storeCreated: assign({
      draft: ({ context }, params: { incident: CreatedIncident }) => incidentReducer(context.draft, { type: 'createSuccess', incident: params.incident }),
    }),
    recordSubmitError: assign({
      draft: ({ context }) => incidentReducer(context.draft, { type: 'createError' }),
      submitError: (_, params: { message: string }) => params.message,
    }),
    photoDone: assign({ uploadIndex: ({ context }) => context.uploadIndex + 1 }),
    recordUploadError: assign({
      uploadErrors: ({ context }) => {
        const image = context.draft.images[context.uploadIndex];
        return [...context.uploadErrors, { imageId: image.id, name: image.name, message: UPLOAD_FAILED_MESSAGE }];
      },
      uploadIndex: ({ context }) => context.uploadIndex + 1,
    }),
    resetDraft: assign(({ context }) => ({
      draft: createInitialDraft({ appMode: context.appMode }),
      form: null,
      questionsFor: null,
      furthest: 0,
      stepErrors: {},
      showErrors: false,
      uploadIndex: 0,
      uploadErrors: [],
      submitError: null,
    })),
  },
}).createMachine({
  id: 'wizard',
  type: 'parallel',
  context: ({ input }) => ({
    draft: input.draft ?? createInitialDraft({ appMode: input.appMode }),
    isAuthenticated: input.isAuthenticated ?? false,
    appMode: input.appMode ?? false,
    now: input.now ?? (() => new Date()),
    createForm: input.createForm,
    // A restored draft brings its questions: rebuild the form from them.
    form: input.draft?.questions.length
      ? input.createForm(input.draft.questions, { isAuthenticated: input.isAuthenticated ?? false })
      : null,
    questionsFor: input.draft && !input.draft.loadingData ? categoryKey(input.draft) : null,
    furthest: input.step ? stepIndex(input.step) : 0,
    resumeAt: input.step ?? null,
    stepErrors: {},
    showErrors: false,
    uploadIndex: 0,
    uploadErrors: [],
    submitError: null,
  }),
  // A restored draft whose questions were still loading fetches them again.
  entry: 'requestQuestions',
  on: {
    // A draft change that sets another category (e.g. a preset from /categorie/…) fetches its questions.
    DRAFT: { actions: ['applyDraftAction', 'requestQuestions'] },
  },
  states: {
    step: {
      initial: 'start',
      states: {
        start: {
          always: [
            { guard: { type: 'resumeAt', params: { step: 'vulaan' } }, target: 'vulaan' },
            { guard: { type: 'resumeAt', params: { step: 'contact' } }, target: 'contact' },
            { guard: { type: 'resumeAt', params: { step: 'summary' } }, target: 'summary' },
            { target: 'beschrijf' },
          ],
        },
        beschrijf: {
          entry: { type: 'reachStep', params: { step: 'beschrijf' } },
          on: {
            NEXT: [
              { guard: { type: 'descriptionStepValid' }, target: 'afterBeschrijf' },
              { actions: 'refuseDescription' },
            ],
            GOTO: [
              { guard: { type: 'canGoTo', params: { step: 'vulaan', from: 'beschrijf' } }, target: 'vulaan' },
              { guard: { type: 'canGoTo', params: { step: 'contact', from: 'beschrijf' } }, target: 'contact' },
              { guard: { type: 'canGoTo', params: { step: 'summary', from: 'beschrijf' } }, target: 'summary' },
            ],
          },
        },
        afterBeschrijf: {
          always: [
            { guard: 'hasStep2', target: 'vulaan' },
            { target: 'contact' },
          ],
        },
        vulaan: {
          entry: { type: 'reachStep', params: { step: 'vulaan' } },
          on: {
            NEXT: [{ guard: 'step2CanAdvance', target: 'contact' }, { actions: 'refuseStep2' }],
            PREVIOUS: { guard: 'backAllowed', target: 'beschrijf' },
            GOTO: [
              { guard: { type: 'canGoTo', params: { step: 'beschrijf', from: 'vulaan' } }, target: 'beschrijf' },
              { guard: { type: 'canGoTo', params: { step: 'contact', from: 'vulaan' } }, target: 'contact' },
              { guard: { type: 'canGoTo', params: { step: 'summary', from: 'vulaan' } }, target: 'summary' },
            ],
          },
        },
        contact: {
          entry: { type: 'reachStep', params: { step: 'contact' } },
          on: {
            NEXT: [{ guard: 'contactStepValid', target: 'summary' }, { actions: 'refuseContact' }],
            PREVIOUS: [
              { guard: and(['backAllowed', 'hasStep2']), target: 'vulaan' },
              { guard: 'backAllowed', target: 'beschrijf' },
            ],
            GOTO: [
              { guard: { type: 'canGoTo', params: { step: 'beschrijf', from: 'contact' } }, target: 'beschrijf' },
              { guard: { type: 'canGoTo', params: { step: 'vulaan', from: 'contact' } }, target: 'vulaan' },
              { guard: { type: 'canGoTo', params: { step: 'summary', from: 'contact' } }, target: 'summary' },
            ],
          },
        },
        summary: {
          entry: { type: 'reachStep', params: { step: 'summary' } },
          on: {
            NEXT: 'opslaan',
            PREVIOUS: { guard: 'backAllowed', target: 'contact' },
            GOTO: [
              { guard: { type: 'canGoTo', params: { step: 'beschrijf', from: 'summary' } }, target: 'beschrijf' },
              { guard: { type: 'canGoTo', params: { step: 'vulaan', from: 'summary' } }, target: 'vulaan' },
              { guard: { type: 'canGoTo', params: { step: 'contact', from: 'summary' } }, target: 'contact' },
            ],
          },
        },
        opslaan: {
          initial: 'submitting',
          entry: { type: 'reachStep', params: { step: 'opslaan' } },
          states: {
            submitting: {
              entry: 'startSubmit',
              invoke: {
                src: 'submit',
                input: ({ context }) => ({
                  draft: context.draft,
                  isAuthenticated: context.isAuthenticated,
                  evaluation: evaluateStep2(context),
                  now: context.now(),
                }),
                onDone: {
                  target: 'nextPhoto',
                  actions: { type: 'storeCreated', params: ({ event }) => ({ incident: event.output }) },
                },
                onError: {
                  target: '#wizard.step.fout',
                  actions: {
                    type: 'recordSubmitError',
                    params: ({ event }) => ({ message: event.error instanceof Error ? event.error.message : String(event.error) }),
                  },
                },
              },
            },
            nextPhoto: {
              always: [{ guard: 'hasPhotoLeft', target: 'uploading' }, { target: 'done' }],
            },
            uploading: {
              invoke: {
                src: 'uploadPhoto',
                input: ({ context }) => ({
                  signalId: context.draft.incident?.signal_id ?? '',
                  image: context.draft.images[context.uploadIndex],
                  isAuthenticated: context.isAuthenticated,
                }),
                onDone: { target: 'nextPhoto', actions: 'photoDone' },
                onError: { target: 'nextPhoto', actions: 'recordUploadError' },
              },
            },
            done: { type: 'final' },
          },
          onDone: 'bedankt',
        },
        bedankt: {
          entry: { type: 'reachStep', params: { step: 'bedankt' } },
          exit: 'resetDraft',
          on: { NEXT: 'beschrijf', RESET: 'beschrijf' },
        },
        fout: {
          on: {
            PREVIOUS: { guard: 'backAllowed', target: 'summary' },
            NEXT: 'opslaan',
            RESET: { target: 'beschrijf', actions: 'resetDraft' },
          },
        },
      },
    },
    classification: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            CLASSIFY: { guard: 'shouldPredict', target: 'predicting' },
            SET_CLASSIFICATION: {
              actions: [{ type: 'applyClassification', params: ({ event }) => ({ result: event.result, manual: true }) }, 'requestQuestions'],
            },
          },
        },
        predicting: {
          invoke: {
            src: 'classify',
            input: ({ event }) => ({ text: event.type === 'CLASSIFY' ? event.text : '' }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'applyClassification', params: ({ event }) => ({ result: event.output, manual: false }) }, 'requestQuestions'],
            },
            onError: { target: 'idle', actions: ['applyClassificationFailure', 'requestQuestions'] },
          },
          on: {
            CLASSIFY: { guard: 'shouldPredict', target: 'predicting', reenter: true },
            SET_CLASSIFICATION: {
              target: 'idle',
              actions: [{ type: 'applyClassification', params: ({ event }) => ({ result: event.result, manual: true }) }, 'requestQuestions'],
            },
          },
        },
      },
    },
    questions: {
      initial: 'idle',
      states: {
        idle: {
          on: { FETCH_QUESTIONS: { guard: 'questionsOutdated', target: 'loading' } },
        },
        loading: {
          entry: 'startLoadingQuestions',
          invoke: {
            src: 'fetchQuestions',
            input: ({ context }) => ({
              category: context.draft.category,
              subcategory: context.draft.subcategory,
              isAuthenticated: context.isAuthenticated,
            }),
            onDone: { target: 'idle', actions: { type: 'storeQuestions', params: ({ event }) => ({ questions: event.output }) } },
            onError: { target: 'idle', actions: 'dropQuestions' },
          },
          on: { FETCH_QUESTIONS: { guard: 'questionsOutdated', target: 'loading', reenter: true } },
        },
      },
    },
  },
});

export type WizardMachine = typeof wizardMachine;

/** The step a wizard snapshot is on (the route the app shows). */
export function currentStep(snapshot: { value: unknown }): Step {
  const value = (snapshot.value as { step: string | Record<string, unknown> }).step;
  const name = typeof value === 'string' ? value : Object.keys(value)[0];
  return name === 'start' || name === 'afterBeschrijf' ? 'beschrijf' : (name as Step);
}
