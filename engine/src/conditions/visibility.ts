import type { Question } from '../schema/types.ts';
import { compileCondition } from './block.ts';
import type { CompiledVisibility } from './model.ts';
import { normalizeConditions } from './normalize.ts';

/**
 * Compile when a question is shown (docs/conditions.md):
 * - `meta.authenticated` questions only for signed-in staff;
 * - `meta.ignoreVisibility` shows the question whatever its conditions say;
 * - otherwise ifAllOf, ifOneOf and visibleIf must all hold (an absent or
 *   empty block is no condition), as normalised by normalizeConditions.
 */
export function compileVisibility(question: Question, allKeys: () => Iterable<string> = () => []): CompiledVisibility {
  const meta = question.meta ?? {};
  const authenticatedOnly = meta.authenticated === true;
  const condition = normalizeConditions(meta);
  const compiled = condition ? compileCondition(condition, allKeys) : null;
  return {
    deps: compiled?.deps ?? new Set<string>(),
    isVisible(read, context) {
      if (authenticatedOnly && !context.isAuthenticated) return false;
      return compiled ? compiled.test(read) : true;
    },
  };
}
