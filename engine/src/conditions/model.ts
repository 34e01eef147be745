import type { Answers } from '../schema/types.ts';

/** Reads the answer a condition sees for a key (hidden questions read as absent). */
export type AnswerReader = (key: string) => unknown;

/** Marks a rule that may read any answer (a JSON Logic `var` with a computed name). */
export const ANY_KEY = '*';

/** A condition compiled to a predicate with the answer keys it reads. */
export interface CompiledCondition {
  test(read: AnswerReader): boolean;
  /** Answer keys the condition reads; ANY_KEY when it may read any. */
  deps: ReadonlySet<string>;
}

export interface VisibilityContext {
  isAuthenticated?: boolean;
}

/** A question's visibility rule, compiled once. */
export interface CompiledVisibility {
  /** Answer keys that can change the outcome. ANY_KEY when any answer can. */
  deps: ReadonlySet<string>;
  isVisible(read: AnswerReader, context: VisibilityContext): boolean;
}

export type { Answers };
