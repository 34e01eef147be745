import type { Question } from '../schema/types.ts';
import type { Evaluation, Form, FormContext } from '../form/types.ts';
import type { ClassificationResult, IncidentAction } from '../incident/reducer.ts';
import type { ImageDraft, IncidentDraft } from '../incident/types.ts';
import type { EditableStep } from './steps.ts';
import type { StepErrors } from './validation.ts';

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
