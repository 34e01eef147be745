import type { Question, Scalar } from '../schema/types.ts';
import { CONTEXT_KEYS, domainOf, type Domain } from './domain.ts';
import { TRUE, TooComplex, visibilityFormula, type Formula, type Literal } from './formula.ts';

/** Search steps per question before the analysis gives up (and counts the question as possibly visible). */
export const SEARCH_BUDGET = 20_000;

/** What is known about one key's answer on the current search path: the values still possible, or null for any. */
type Store = ReadonlyMap<string, ReadonlySet<Scalar> | null>;

class OutOfBudget extends Error {}

/**
 * Adds the literals of one term to the store; null when they contradict
 * what is there (or the key cannot have such an answer).
 */
function assume(store: Store, term: Literal[], domainOfKey: (key: string) => Domain | null): Store | null {
  let next: Map<string, ReadonlySet<Scalar> | null> | null = null;
  for (const { key, match, values } of term) {
    const domain = domainOfKey(key);
    if (!domain || domain.arity === 'none') return null;
    if (domain.arity === 'free') continue;
    const inDomain = (v: Scalar) => domain.values === null || domain.values.has(v);
    if (domain.arity === 'many') {
      // Any subset can be ticked: each literal only needs values the question offers.
      if (match === 'oneOf' ? !values.some(inDomain) : !values.every(inDomain)) return null;
      continue;
    }
    const wanted = new Set(values);
    if (match === 'oneOf' && wanted.size === 0) return null;
    if (match === 'allOf' && wanted.size > 1) return null;
    if (wanted.size === 0) continue;
    const current = (next ?? store).has(key) ? (next ?? store).get(key)! : domain.values;
    const narrowed = new Set([...wanted].filter((v) => current === null || current.has(v)));
    if (narrowed.size === 0) return null;
    next ??= new Map(store);
    next.set(key, narrowed);
  }
  return next ?? store;
}

/**
 * Indexes of the questions that can never be visible, for any answers and
 * either audience. A condition on an answer needs that question answered,
 * so visible: its own rule joins the requirement (hidden answers cascade).
 * A condition on a key that no question has can never hold. The search
 * looks for one consistent answer state; JSON Logic rules, cycles and
 * rules too large to analyse count as possibly true.
 */
export function neverVisibleQuestions(questions: readonly Question[]): number[] {
  const indexOfKey = new Map<string, number>();
  questions.forEach((q, i) => {
    if (!indexOfKey.has(q.key)) indexOfKey.set(q.key, i);
  });
  const domainOfKey = (key: string): Domain | null => {
    if (CONTEXT_KEYS.has(key)) return { arity: 'one', values: null };
    const index = indexOfKey.get(key);
    return index === undefined ? null : domainOf(questions[index]);
  };
  const own: Formula[] = questions.map((q) => {
    try {
      return visibilityFormula(q);
    } catch (error) {
      if (error instanceof TooComplex) return TRUE;
      throw error;
    }
  });

  let steps = 0;
  /** Can every pending question be visible at once, consistent with the store? */
  function satisfiable(store: Store, pending: readonly number[], done: ReadonlySet<number>): boolean {
    if (++steps > SEARCH_BUDGET) throw new OutOfBudget();
    const [next, ...rest] = pending;
    if (next === undefined) return true;
    if (done.has(next)) return satisfiable(store, rest, done);
    const nowDone = new Set(done).add(next);
    for (const term of own[next]) {
      if (term.some((l) => !CONTEXT_KEYS.has(l.key) && !indexOfKey.has(l.key))) continue;
      const assumed = assume(store, term, domainOfKey);
      if (!assumed) continue;
      const needed = term.flatMap((l) => (CONTEXT_KEYS.has(l.key) ? [] : [indexOfKey.get(l.key)!])).filter((i) => !nowDone.has(i));
      if (satisfiable(assumed, [...rest, ...needed], nowDone)) return true;
    }
    return false;
  }

  const never: number[] = [];
  questions.forEach((_, index) => {
    steps = 0;
    try {
      if (!satisfiable(new Map(), [index], new Set())) never.push(index);
    } catch (error) {
      if (!(error instanceof OutOfBudget)) throw error;
    }
  });
  return never;
}
