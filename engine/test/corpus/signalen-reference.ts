/**
 * An independent, test-only statement of the visibility rules Signalen
 * 2.27.9 uses (as described in the corpus README), to measure where our
 * engine deliberately differs:
 * - no cascade: a hidden question's stored answer still counts;
 * - ifAllOf against a checkbox list needs *every* ticked item to match
 *   (and an empty list matches vacuously).
 */
import type { Question } from '../../src/index.ts';

type Block = Record<string, unknown>;

function itemMatches(item: unknown, value: unknown): boolean {
  if (item && typeof item === 'object') {
    const r = item as Record<string, unknown>;
    return r.id === value || r.value === value;
  }
  return item === value;
}

function answerMatches(answer: unknown, value: unknown, all: boolean): boolean {
  if (answer === undefined || answer === null || answer === '') return false;
  if (Array.isArray(answer)) return all ? answer.every((i) => itemMatches(i, value)) : answer.some((i) => itemMatches(i, value));
  return itemMatches(answer, value);
}

function blockHolds(block: Block, answers: Record<string, unknown>, all: boolean): boolean {
  const entries = Object.entries(block);
  const test = ([key, raw]: [string, unknown]) => {
    if (key === 'ifOneOf' || key === 'ifAllOf') return blockHolds(raw as Block, answers, key === 'ifAllOf');
    const values = Array.isArray(raw) ? raw : [raw];
    return all ? values.every((v) => answerMatches(answers[key], v, true)) : values.some((v) => answerMatches(answers[key], v, false));
  };
  return all ? entries.every(test) : entries.some(test);
}

export function signalenVisibleKeys(questions: Question[], answers: Record<string, unknown>): string[] {
  return questions
    .filter((q) => {
      const { ifAllOf, ifOneOf } = q.meta;
      if (ifAllOf && !blockHolds(ifAllOf as Block, answers, true)) return false;
      if (ifOneOf && !blockHolds(ifOneOf as Block, answers, false)) return false;
      return true;
    })
    .map((q) => q.key);
}
