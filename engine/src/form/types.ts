import type { Answers, FieldType, Question } from '../schema/types.ts';

/** What a form is evaluated in: who fills it in and when. */
export interface FormContext {
  /** Signed-in staff see `meta.authenticated` questions. */
  isAuthenticated?: boolean;
  /** The current time; rules never read the clock themselves. */
  now?: Date;
}

export interface EvaluatedQuestion {
  key: string;
  /** The field type with Signalen aliases resolved (question_header → header). */
  fieldType: FieldType;
  question: Question;
  /** Whether an answer is required (from `required` or a `required` validator). */
  required: boolean;
  /** The first failing validator's Dutch message, if any. */
  error?: string;
  /** Set for a visible blocking question (isBlocking) whose block is active. */
  blocking?: boolean;
}

export interface Evaluation {
  /** Visible questions, in definition order. */
  visible: EvaluatedQuestion[];
  /** Keys of the visible questions, in order. */
  visibleKeys: string[];
  /** Error message per visible question key. */
  errors: Record<string, string>;
  /** True when a visible blocking question stops the form. */
  blocked: boolean;
  /** True when the form can advance: no errors and not blocked. */
  canAdvance: boolean;
  /** The global message to show above the form when it cannot advance. */
  globalMessage?: string;
  /** The blocking text, set while `blocked`. */
  blockingMessage?: string;
  /** The answers with hidden questions' answers removed. */
  effectiveAnswers: Answers;
}

/** What the last `evaluate` call recomputed (for tests and benchmarks). */
export interface EvaluationStats {
  /** True when every question was recomputed (first call, or the signed-in state changed). */
  full: boolean;
  /** How many visibility predicates ran. */
  visibilityChecks: number;
  /** How many questions were validated. */
  validations: number;
  /** Keys of the questions whose visibility was recomputed, in definition order. */
  recomputedKeys: string[];
}

export interface Form {
  readonly questions: readonly Question[];
  /** Evaluate the answers (including `category` and `subcategory`). Incremental: only questions depending on a changed answer are recomputed. */
  evaluate(answers: Answers, context?: FormContext): Evaluation;
  /** What the last evaluation recomputed. */
  readonly lastStats?: EvaluationStats;
}
