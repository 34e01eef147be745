/**
 * Why a question is shown (or not), for the question-set studio's preview
 * ("Waarom wordt deze vraag getoond?"): the question's conditions evaluated
 * against the current answers, part by part, as the same normalised tree the
 * compiler runs (normalize.ts), and which other questions read its answer.
 */
import type { JsonLogicRule, Question, Scalar } from '../schema/types.ts';
import { answerAtoms } from './answers.ts';
import { compileVisibleIf } from './logic.ts';
import { ANY_KEY, type AnswerReader, type VisibilityContext } from './model.ts';
import { foldCondition, normalizeConditions } from './normalize.ts';
import { compileVisibility } from './visibility.ts';

/** One part of a condition with whether it held against the answers. */
export type ExplainedCondition =
  | {
      kind: 'leaf';
      key: string;
      match: 'oneOf' | 'allOf';
      values: Scalar[];
      /** The values the answer holds (null: no answer, or the question is hidden). */
      answer: Scalar[] | null;
      pointer: string;
      held: boolean;
    }
  | { kind: 'logic'; rule: JsonLogicRule; pointer: string; held: boolean }
  | { kind: 'all' | 'any'; of: ExplainedCondition[]; held: boolean };

export interface VisibilityExplanation {
  key: string;
  visible: boolean;
  /**
   * Why, in one word: `authenticated` a staff-only question for a resident; `ignoreVisibility`
   * shown whatever its conditions say; `always` no conditions; `conditions` the tree below decides.
   */
  reason: 'authenticated' | 'ignoreVisibility' | 'always' | 'conditions';
  /** The conditions, evaluated (null when the question has none or ignores them). */
  condition: ExplainedCondition | null;
  /** Keys of the questions whose conditions read this question's answer, in definition order. */
  dependents: string[];
}

/** Evaluate a question's conditions part by part. `read` gives the answer a condition sees (hidden questions: undefined). */
export function explainVisibility(question: Question, read: AnswerReader, context: VisibilityContext = {}, questions: readonly Question[] = []): VisibilityExplanation {
  const meta = question.meta ?? {};
  const dependents = dependentsOf(question.key, questions);
  const condition = normalizeConditions(meta);
  const explained = condition
    ? foldCondition<ExplainedCondition>(condition, {
        leaf: ({ key, match, values, pointer }) => {
          const answer = answerAtoms(read(key));
          const ticked = (value: Scalar) => answer !== null && answer.includes(value);
          return { kind: 'leaf', key, match, values, pointer, answer, held: answer !== null && (match === 'oneOf' ? values.some(ticked) : values.every(ticked)) };
        },
        logic: ({ rule, pointer }) => ({ kind: 'logic', rule, pointer, held: compileVisibleIf(rule, () => questions.map((q) => q.key))!.test(read) }),
        all: (of) => ({ kind: 'all', of, held: of.every((c) => c.held) }),
        any: (of) => ({ kind: 'any', of, held: of.some((c) => c.held) }),
      })
    : null;
  if (meta.authenticated === true && !context.isAuthenticated) return { key: question.key, visible: false, reason: 'authenticated', condition: explained, dependents };
  if (meta.ignoreVisibility) return { key: question.key, visible: true, reason: 'ignoreVisibility', condition: null, dependents };
  if (!explained) return { key: question.key, visible: true, reason: 'always', condition: null, dependents };
  return { key: question.key, visible: explained.held, reason: 'conditions', condition: explained, dependents };
}

/** The keys of the questions whose visibility reads `key`'s answer (a rule reading any answer counts). */
export function dependentsOf(key: string, questions: readonly Question[]): string[] {
  const allKeys = () => questions.map((q) => q.key);
  return questions.filter((q) => q.key !== key && [...compileVisibility(q, allKeys).deps].some((d) => d === key || d === ANY_KEY)).map((q) => q.key);
}
