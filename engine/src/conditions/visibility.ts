import type { Question } from '../schema/types.ts';
import { compileBlock } from './block.ts';
import { compileVisibleIf } from './logic.ts';
import type { CompiledCondition, CompiledVisibility } from './model.ts';

/**
 * Compile when a question is shown (docs/conditions.md):
 * - `meta.authenticated` questions only for signed-in staff;
 * - `meta.ignoreVisibility` shows the question whatever its conditions say;
 * - otherwise ifAllOf, ifOneOf and visibleIf must all hold (an absent or
 *   empty block is no condition).
 */
export function compileVisibility(question: Question, allKeys: () => Iterable<string> = () => []): CompiledVisibility {
  const meta = question.meta ?? {};
  const authenticatedOnly = meta.authenticated === true;
  const conditions: CompiledCondition[] = meta.ignoreVisibility
    ? []
    : [compileBlock(meta.ifAllOf, 'ifAllOf'), compileBlock(meta.ifOneOf, 'ifOneOf'), compileVisibleIf(meta.visibleIf, allKeys)].filter(
        (c): c is CompiledCondition => c !== null,
      );
  const deps = new Set<string>();
  for (const c of conditions) for (const d of c.deps) deps.add(d);
  return {
    deps,
    isVisible(read, context) {
      if (authenticatedOnly && !context.isAuthenticated) return false;
      return conditions.every((c) => c.test(read));
    },
  };
}
