import type { Question } from '../schema/types.ts';
import type { Evaluation, Form, FormContext } from '../form/types.ts';
import type { ClassificationResult, IncidentAction } from '../incident/reducer.ts';
import type { ImageDraft, IncidentDraft, QuestionSetRef } from '../incident/types.ts';
import type { EditableStep } from './steps.ts';

/** Builds the engine form of step 2 from the category's questions. */
export type FormFactory = (questions: Question[], context: FormContext) => Form;

/** The question sets of steps 1 ('beschrijf') and 3 ('contact'): question-sets/wizard/*.json. */
export interface StepQuestionSets {
  beschrijf: Question[];
  contact: Question[];
}

export interface WizardInput {
  /**
   * Builds the step-2 form (the engine's is `defaultFormFactory`). Injected, not
   * imported here: the form compiler then stays out of the web app's first page,
   * which loads it with the category's questions.
   */
  createForm: FormFactory;
  /** The questions of steps 1 and 3, compiled with `createForm` at the start. */
  steps: StepQuestionSets;
  isAuthenticated?: boolean;
  appMode?: boolean;
  /** A draft restored after a reload. */
  draft?: IncidentDraft;
  /** The step to resume at with a restored draft (it counts as reached). */
  step?: EditableStep;
  /** The furthest step the restored draft had reached, when further than `step`. */
  reached?: EditableStep;
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
  /** The forms of steps 1 and 3. */
  stepForms: { beschrijf: Form; contact: Form };
  /** 'category/subcategory' the current questions belong to. */
  questionsFor: string | null;
  /** Index of the furthest step reached. */
  furthest: number;
  resumeAt: EditableStep | null;
  /**
   * Refused NEXTs on the current step (0 when a step is entered). From 1 on the
   * step's errors show, with the error summary; each refusal moves focus to it.
   */
  attempts: number;
  /** An edit link of the summary led here: 'Volgende' returns to the summary once every step is valid. */
  returnToSummary: boolean;
  /**
   * 'Volgende' was pressed on step 1 while the prediction of the description just left was under
   * way (the press that left the field): it is answered once the prediction is in, never dropped.
   */
  nextAfterPrediction: boolean;
  /** The full-screen map is open (view state: not part of the draft, so not kept over a reload). */
  mapOpen: boolean;
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
  /** A field was left: its question's `autoRemove` applies. */
  | { type: 'LEAVE'; key: string }
  /** The full-screen map opened or closed. */
  | { type: 'MAP'; open: boolean }
  | { type: 'RESET' };

export interface SubmitInput {
  draft: IncidentDraft;
  isAuthenticated: boolean;
  /** The step-2 evaluation at the moment of sending (visible questions, effective answers). */
  evaluation: Evaluation | null;
  /** The questions of all three steps as one form, for the payload. */
  form: Form;
  now: Date;
}

export interface UploadInput {
  signalId: string;
  image: ImageDraft;
  isAuthenticated: boolean;
}

/** Step 2's questions and, when they came from a published question set, which version (docs/studio-api.md). */
export interface FetchedQuestions {
  questions: Question[];
  questionSet?: QuestionSetRef;
}

/** What the machine asks the questions for: the subcategory, and the version the draft's questions came from. */
export interface FetchQuestionsInput {
  category: string;
  subcategory: string;
  isAuthenticated: boolean;
  questionSet?: QuestionSetRef | null;
}
