import { foldCondition, normalizeConditions, type ValueLeaf } from '../conditions/index.ts';
import type { Question } from '../schema/types.ts';

/** One leaf test: `key` has one of (`oneOf`) or all of (`allOf`) the values. */
export type Literal = ValueLeaf;

/** A visibility rule in disjunctive normal form: any term (a conjunction of literals) makes it true. */
export type Formula = Literal[][];

export const TRUE: Formula = [[]];
export const FALSE: Formula = [];

/** Terms beyond this many make the analysis give up (and assume the rule can hold). */
export const MAX_TERMS = 512;

export class TooComplex extends Error {}

export function or(a: Formula, b: Formula): Formula {
  const result = [...a, ...b];
  if (result.length > MAX_TERMS) throw new TooComplex();
  return result;
}

export function and(a: Formula, b: Formula): Formula {
  if (a.length * b.length > MAX_TERMS) throw new TooComplex();
  return a.flatMap((x) => b.map((y) => [...x, ...y]));
}

/**
 * A question's own visibility as a formula over answers, from its normalised
 * conditions. `visibleIf` (JSON Logic) is not analysed: it counts as a rule
 * that can hold.
 */
export function visibilityFormula(question: Question): Formula {
  const condition = normalizeConditions(question.meta);
  if (!condition) return TRUE;
  return foldCondition<Formula>(condition, {
    leaf: (leaf) => [[leaf]],
    logic: () => TRUE,
    all: (parts) => parts.reduce(and),
    any: (parts) => parts.reduce(or),
  });
}
