import type { ConditionBlock, Question, Scalar } from '../schema/types.ts';

/** One leaf test: `key` has one of (`any`) or all of (`all`) the values. */
export interface Literal {
  key: string;
  mode: 'any' | 'all';
  values: Scalar[];
  /** JSON pointer of the leaf inside the question. */
  pointer: string;
}

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

const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every leaf of a condition block, with its pointer. */
export function leavesOf(block: ConditionBlock | undefined, mode: 'ifOneOf' | 'ifAllOf', pointer: string): Literal[] {
  if (!block || typeof block !== 'object') return [];
  return Object.entries(block).flatMap(([key, value]) => {
    const at = `${pointer}/${escape(key)}`;
    if (key === 'ifOneOf' || key === 'ifAllOf') {
      return value && typeof value === 'object' && !Array.isArray(value) ? leavesOf(value as ConditionBlock, key, at) : [];
    }
    const values = (Array.isArray(value) ? value : [value]) as Scalar[];
    return [{ key, mode: mode === 'ifOneOf' ? 'any' : 'all', values, pointer: at } satisfies Literal];
  });
}

function blockFormula(block: ConditionBlock | undefined, mode: 'ifOneOf' | 'ifAllOf', pointer: string): Formula | null {
  if (!block || typeof block !== 'object') return null;
  const parts: Formula[] = [];
  for (const [key, value] of Object.entries(block)) {
    const at = `${pointer}/${escape(key)}`;
    if (key === 'ifOneOf' || key === 'ifAllOf') {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const nested = blockFormula(value as ConditionBlock, key, at);
        if (nested) parts.push(nested);
      }
      continue;
    }
    const values = (Array.isArray(value) ? value : [value]) as Scalar[];
    parts.push([[{ key, mode: mode === 'ifOneOf' ? 'any' : 'all', values, pointer: at }]]);
  }
  if (parts.length === 0) return null;
  return mode === 'ifOneOf' ? parts.reduce(or) : parts.reduce(and);
}

/**
 * A question's own visibility as a formula over answers. `visibleIf` (JSON
 * Logic) is not analysed: it counts as a rule that can hold.
 */
export function visibilityFormula(question: Question): Formula {
  const meta = question.meta ?? {};
  if (meta.ignoreVisibility) return TRUE;
  const all = blockFormula(meta.ifAllOf, 'ifAllOf', '/meta/ifAllOf') ?? TRUE;
  const one = blockFormula(meta.ifOneOf, 'ifOneOf', '/meta/ifOneOf') ?? TRUE;
  return and(all, one);
}
