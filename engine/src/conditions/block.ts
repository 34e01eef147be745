import type { Scalar } from '../schema/types.ts';
import { answerAtoms } from './answers.ts';
import { compileVisibleIf } from './logic.ts';
import type { AnswerReader, CompiledCondition } from './model.ts';
import { foldCondition, normalizeBlock, type Condition, type ValueLeaf } from './normalize.ts';

export type BlockMode = 'ifOneOf' | 'ifAllOf';

type Test = (read: AnswerReader) => boolean;

function leafTest({ key, values, match }: ValueLeaf): Test {
  return (read) => {
    const atoms = answerAtoms(read(key));
    if (atoms === null) return false;
    const ticked = (value: Scalar) => atoms.includes(value);
    return match === 'oneOf' ? values.some(ticked) : values.every(ticked);
  };
}

/**
 * Compile a normalised condition to a predicate over the answers, with the
 * keys it reads. A JSON Logic leaf sees the answers of its keys (every key
 * from `allKeys` when it computes a variable name).
 */
export function compileCondition(condition: Condition, allKeys: () => Iterable<string> = () => []): CompiledCondition {
  const deps = new Set<string>();
  const test = foldCondition<Test>(condition, {
    leaf: (leaf) => {
      deps.add(leaf.key);
      return leafTest(leaf);
    },
    logic: (leaf) => {
      const compiled = compileVisibleIf(leaf.rule, allKeys)!;
      for (const d of compiled.deps) deps.add(d);
      return (read) => compiled.test(read);
    },
    all: (tests) => (read) => tests.every((t) => t(read)),
    any: (tests) => (read) => tests.some((t) => t(read)),
  });
  return { test, deps };
}

/**
 * Compile an ifOneOf / ifAllOf block. Returns null for an empty block (also
 * one holding only empty nested blocks): an empty block is no condition.
 */
export function compileBlock(block: unknown, mode: BlockMode): CompiledCondition | null {
  const condition = normalizeBlock(block, mode);
  return condition ? compileCondition(condition) : null;
}
