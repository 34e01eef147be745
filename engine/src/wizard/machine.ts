import { and, assign, enqueueActions, fromPromise, raise, setup, stateIn } from 'xstate';
import type { Question } from '../schema/types.ts';
import { createInitialDraft, incidentReducer, withStaffSource, type ClassificationResult } from '../incident/index.ts';
import type { CreatedIncident } from '../incident/types.ts';
import { UPLOAD_FAILED_MESSAGE, UploadFailedError } from '../api/index.ts';
import { EDITABLE_STEPS, stepIndex, type EditableStep, type Step } from './steps.ts';
import { categoryKey, evaluateStep2, hasStep2, questionOf, reportForm, step2CanAdvance, stepValid } from './evaluation.ts';
import { applyAutoRemove } from '../incident/index.ts';
import type { FetchedQuestions, FetchQuestionsInput, SubmitInput, UploadInput, WizardContext, WizardEvent, WizardInput } from './types.ts';

/** The wizard's progress through the steps as it is at the start and after a reset. */
function freshProgress(): Pick<WizardContext, 'attempts' | 'returnToSummary' | 'nextAfterPrediction' | 'mapOpen' | 'uploadIndex' | 'uploadErrors' | 'submitError'> {
  return { attempts: 0, returnToSummary: false, nextAfterPrediction: false, mapOpen: false, uploadIndex: 0, uploadErrors: [], submitError: null };
}

function notProvided(name: string) {
  return fromPromise<never, unknown>(async () => {
    throw new Error(`The wizard's '${name}' actor was not provided`);
  });
}

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  actors: {
    classify: notProvided('classify') as unknown as ReturnType<typeof fromPromise<ClassificationResult, { text: string }>>,
    fetchQuestions: notProvided('fetchQuestions') as unknown as ReturnType<
      typeof fromPromise<FetchedQuestions, FetchQuestionsInput>
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
    /** A prediction is under way (the classification region is predicting). */
    predicting: stateIn({ classification: 'predicting' }),
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
    /** Every editable step before `upTo` is valid. */
    stepsValid: ({ context }, params: { upTo: EditableStep }) =>
      EDITABLE_STEPS.filter((s) => stepIndex(s) < stepIndex(params.upTo)).every((s) => stepValid(context, s)),
    hasPhotoLeft: ({ context }) => context.uploadIndex < context.draft.images.length,
    /** After an edit from the summary, 'Volgende' goes back to it once every step is valid. */
    backToSummary: ({ context }) =>
      context.returnToSummary && EDITABLE_STEPS.filter((s) => s !== 'summary').every((s) => stepValid(context, s)),
  },
  actions: {
    applyDraftAction: assign(({ context, event }) => {
      if (event.type !== 'DRAFT') return {};
      // Whether an answer resets the other extra answers is the question's rule, not the caller's.
      const action =
        event.action.type === 'answer'
          ? { ...event.action, resetsStateOnChange: questionOf(context, event.action.key)?.meta.resetsStateOnChange === true }
          : event.action;
      const draft = incidentReducer(context.draft, action);
      // Questions changed through the draft (e.g. a reset) rebuild the step-2 form.
      if (draft.questions === context.draft.questions) return { draft };
      const form = draft.questions.length ? context.createForm(draft.questions, { isAuthenticated: context.isAuthenticated }) : null;
      return { draft, form };
    }),
    reachStep: assign({
      furthest: ({ context }, params: { step: Step }) => Math.max(context.furthest, stepIndex(params.step)),
      attempts: 0,
      mapOpen: false,
      nextAfterPrediction: false,
    }),
    /** Leaving a field applies its question's `autoRemove` (characters the answer may not hold). */
    leaveField: assign(({ context, event }) => {
      if (event.type !== 'LEAVE') return {};
      const pattern = questionOf(context, event.key)?.meta.autoRemove;
      const value = context.draft.answers[event.key] ?? (context.draft as unknown as Record<string, unknown>)[event.key];
      if (typeof value !== 'string' || !pattern) return {};
      const cleaned = applyAutoRemove(value, pattern);
      return cleaned === value ? {} : { draft: incidentReducer(context.draft, { type: 'answer', key: event.key, value: cleaned }) };
    }),
    markReturn: assign({ returnToSummary: true }),
    /** Step 1's NEXT waits for the prediction under way. */
    awaitPrediction: assign({ nextAfterPrediction: true }),
    /** The prediction is in (or failed): a NEXT that waited for it is answered now. */
    answerWaitingNext: enqueueActions(({ context, enqueue }) => {
      if (!context.nextAfterPrediction) return;
      enqueue.assign({ nextAfterPrediction: false });
      enqueue.raise({ type: 'NEXT' });
    }),
    clearReturn: assign({ returnToSummary: false }),
    /** A refused NEXT: the step's errors and its error summary show. */
    refuse: assign({ attempts: ({ context }) => context.attempts + 1 }),
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
    storeQuestions: assign(({ context }, params: FetchedQuestions) => ({
      draft: incidentReducer(context.draft, { type: 'questionsSuccess', questions: params.questions, questionSet: params.questionSet }),
      form: params.questions.length ? context.createForm(params.questions, { isAuthenticated: context.isAuthenticated }) : null,
    })),
    dropQuestions: assign({
      draft: ({ context }) => incidentReducer(context.draft, { type: 'questionsError' }),
      form: null,
    }),
    startSubmit: assign({
      submitError: null,
      uploadIndex: 0,
      uploadErrors: [],
    }),
    storeCreated: assign({
      draft: ({ context }, params: { incident: CreatedIncident }) => incidentReducer(context.draft, { type: 'createSuccess', incident: params.incident }),
    }),
    recordSubmitError: assign({
      submitError: (_, params: { message: string }) => params.message,
    }),
    photoDone: assign({ uploadIndex: ({ context }) => context.uploadIndex + 1 }),
    recordUploadError: assign({
      uploadErrors: ({ context, event }) => {
        const image = context.draft.images[context.uploadIndex];
        // the server's own words when it refused the photo for the resident to act on (a broken photo)
        const error = (event as { error?: unknown }).error;
        const message = (error instanceof UploadFailedError ? error.reason : undefined) ?? UPLOAD_FAILED_MESSAGE;
        return [...context.uploadErrors, { imageId: image.id, name: image.name, message }];
      },
      uploadIndex: ({ context }) => context.uploadIndex + 1,
    }),
    resetDraft: assign(({ context }) => ({
      draft: createInitialDraft({ appMode: context.appMode, staff: context.isAuthenticated }),
      form: null,
      questionsFor: null,
      furthest: 0,
      ...freshProgress(),
    })),
  },
}).createMachine({
  id: 'wizard',
  type: 'parallel',
  context: ({ input }) => ({
    draft: input.draft ? (input.isAuthenticated ? withStaffSource(input.draft) : input.draft) : createInitialDraft({ appMode: input.appMode, staff: input.isAuthenticated ?? false }),
    isAuthenticated: input.isAuthenticated ?? false,
    appMode: input.appMode ?? false,
    now: input.now ?? (() => new Date()),
    createForm: input.createForm,
    stepForms: {
      beschrijf: input.createForm(input.steps.beschrijf, { isAuthenticated: input.isAuthenticated ?? false }),
      contact: input.createForm(input.steps.contact, { isAuthenticated: input.isAuthenticated ?? false }),
    },
    // A restored draft brings its questions: rebuild the form from them.
    form: input.draft?.questions.length
      ? input.createForm(input.draft.questions, { isAuthenticated: input.isAuthenticated ?? false })
      : null,
    questionsFor: input.draft && !input.draft.loadingData ? categoryKey(input.draft) : null,
    furthest: Math.max(input.step ? stepIndex(input.step) : 0, input.reached ? stepIndex(input.reached) : 0),
    resumeAt: input.step ?? null,
    ...freshProgress(),
  }),
  // A restored draft whose questions were still loading fetches them again.
  entry: 'requestQuestions',
  on: {
    // A draft change that sets another category (e.g. a preset from /categorie/…) fetches its questions.
    DRAFT: { actions: ['applyDraftAction', 'requestQuestions'] },
    LEAVE: { actions: 'leaveField' },
    MAP: { actions: assign({ mapOpen: ({ event }) => event.open }) },
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
              // the press that left the description: answer it when its prediction is in
              { guard: 'predicting', actions: 'awaitPrediction' },
              { guard: 'backToSummary', target: 'summary' },
              { guard: { type: 'descriptionStepValid' }, target: 'afterBeschrijf' },
              { actions: 'refuse' },
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
            NEXT: [{ guard: 'backToSummary', target: 'summary' }, { guard: 'step2CanAdvance', target: 'contact' }, { actions: 'refuse' }],
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
            NEXT: [{ guard: 'contactStepValid', target: 'summary' }, { actions: 'refuse' }],
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
          entry: [{ type: 'reachStep', params: { step: 'summary' } }, 'clearReturn'],
          on: {
            // The draft can change anywhere (DRAFT events): send only when every step is still valid, else go to the first that is not.
            NEXT: [
              { guard: { type: 'stepsValid', params: { upTo: 'summary' } }, target: 'opslaan' },
              { guard: { type: 'stepsValid', params: { upTo: 'contact' } }, target: 'contact' },
              { guard: { type: 'stepsValid', params: { upTo: 'vulaan' } }, target: 'vulaan' },
              { target: 'beschrijf' },
            ],
            PREVIOUS: { guard: 'backAllowed', target: 'contact' },
            // an edit link: 'Volgende' on the edited step comes back here
            GOTO: [
              { guard: { type: 'canGoTo', params: { step: 'beschrijf', from: 'summary' } }, target: 'beschrijf', actions: 'markReturn' },
              { guard: { type: 'canGoTo', params: { step: 'vulaan', from: 'summary' } }, target: 'vulaan', actions: 'markReturn' },
              { guard: { type: 'canGoTo', params: { step: 'contact', from: 'summary' } }, target: 'contact', actions: 'markReturn' },
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
                  form: reportForm(context),
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
            NEXT: { guard: { type: 'stepsValid', params: { upTo: 'summary' } }, target: 'opslaan' },
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
              actions: [{ type: 'applyClassification', params: ({ event }) => ({ result: event.output, manual: false }) }, 'requestQuestions', 'answerWaitingNext'],
            },
            onError: { target: 'idle', actions: ['applyClassificationFailure', 'requestQuestions', 'answerWaitingNext'] },
          },
          on: {
            CLASSIFY: { guard: 'shouldPredict', target: 'predicting', reenter: true },
            SET_CLASSIFICATION: {
              target: 'idle',
              actions: [{ type: 'applyClassification', params: ({ event }) => ({ result: event.result, manual: true }) }, 'requestQuestions', 'answerWaitingNext'],
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
              questionSet: context.draft.questionSet ?? null,
            }),
            onDone: { target: 'idle', actions: { type: 'storeQuestions', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: 'dropQuestions' },
          },
          on: { FETCH_QUESTIONS: { guard: 'questionsOutdated', target: 'loading', reenter: true } },
        },
      },
    },
  },
});

export type WizardMachine = typeof wizardMachine;
