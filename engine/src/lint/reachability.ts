import type { Question, Scalar } from '../schema/types.ts';
import { CONTEXT_KEYS, domainOf, type Domain } from './domain.ts';
import { FALSE, TRUE, TooComplex, and, or, visibilityFormula, type Formula, type Literal } from './formula.ts';

const CONTEXT_DOMAIN: Domain = { arity: 'one', values: null };

function intersect(a: ReadonlySet<Scalar> | null, b: ReadonlySet<Scalar>): Set<Scalar> {
  return a === null ? new Set(b) : new Set([...b].filter((v) => a.has(v)));
}

/** Whether some answer state satisfies every literal of the term at once. */
function consistent(term: Literal[], domainOfKey: (key: string) => Domain | null): boolean {
  const byKey = new Map<string, Literal[]>();
  for (const literal of term) {
    const list = byKey.get(literal.key);
    if (list) list.push(literal);
    else byKey.set(literal.key, [literal]);
  }
  for (const [key, literals] of byKey) {
    const domain = domainOfKey(key);
    if (!domain || domain.arity === 'none') return false;
    if (domain.arity === 'free') continue;
    if (domain.arity === 'many') {
      for (const { mode, values } of literals) {
        const inDomain = (v: Scalar) => domain.values === null || domain.values.has(v);
        if (mode === 'any' ? !values.some(inDomain) : !values.every(inDomain)) return false;
      }
      continue;
    }
    let candidates: Set<Scalar> | null = domain.values ? new Set(domain.values) : null;
    for (const { mode, values } of literals) {
      const wanted = new Set(values);
      if (mode === 'any' && wanted.size === 0) return false;
      if (mode === 'all' && wanted.size > 1) return false;
      if (wanted.size === 0) continue;
      candidates = intersect(candidates, wanted);
      if (candidates.size === 0) return false;
    }
  }
  return true;
}

/**
 * Indexes of the questions that can never be visible, for any answers and
 * either audience. A condition on an answer needs that question answered,
 * so visible: its own rule joins the requirement (hidden answers cascade).
 * A condition on a key that no question has can never hold. Rules too
 * large to analyse, JSON Logic rules and cycles count as possibly true.
 */
export function neverVisibleQuestions(questions: readonly Question[]): number[] {
  const indexOfKey = new Map<string, number>();
  questions.forEach((q, i) => {
    if (!indexOfKey.has(q.key)) indexOfKey.set(q.key, i);
  });
  const domainOfKey = (key: string): Domain | null => {
    if (CONTEXT_KEYS.has(key)) return CONTEXT_DOMAIN;
    const index = indexOfKey.get(key);
    return index === undefined ? null : domainOf(questions[index]);
  };
  const own = questions.map((q) => {
    try {
      return visibilityFormula(q);
    } catch (error) {
      if (error instanceof TooComplex) return TRUE;
      throw error;
    }
  });
  const memo = new Map<number, Formula>();

  function expand(index: number, stack: Set<number>): Formula {
    const cached = memo.get(index);
    if (cached) return cached;
    stack.add(index);
    let result: Formula = FALSE;
    for (const term of own[index]) {
      let formula: Formula = [term];
      for (const literal of term) {
        if (CONTEXT_KEYS.has(literal.key)) continue;
        const dep = indexOfKey.get(literal.key);
        if (dep === undefined) {
          formula = FALSE;
          break;
        }
        if (stack.has(dep)) continue;
        formula = and(formula, expand(dep, stack)).filter((t) => consistent(t, domainOfKey));
        if (formula.length === 0) break;
      }
      result = or(result, formula.filter((t) => consistent(t, domainOfKey)));
    }
    stack.delete(index);
    memo.set(index, result);
    return result;
  }

  const never: number[] = [];
  questions.forEach((_, index) => {
    try {
      if (expand(index, new Set()).length === 0) never.push(index);
    } catch (error) {
      if (!(error instanceof TooComplex)) throw error;
      memo.clear();
    }
  });
  return never;
}
