import type { ConditionBlock, Scalar } from '../schema/types.ts';
import { answerAtoms } from './answers.ts';
import type { AnswerReader, CompiledCondition } from './model.ts';

export type BlockMode = 'ifOneOf' | 'ifAllOf';

type Test = (read: AnswerReader) => boolean;

function leaf(key: string, values: Scalar[], mode: BlockMode): Test {
  return (read) => {
    const atoms = answerAtoms(read(key));
    if (atoms === null) return false;
    const ticked = (value: Scalar) => atoms.includes(value);
    return mode === 'ifOneOf' ? values.some(ticked) : values.every(ticked);
  };
}

function isNested(key: string): key is BlockMode {
  return key === 'ifOneOf' || key === 'ifAllOf';
}

function compileTests(block: ConditionBlock, mode: BlockMode, deps: Set<string>): Test[] {
  const tests: Test[] = [];
  for (const [key, value] of Object.entries(block)) {
    if (isNested(key)) {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const nested = compileTests(value as ConditionBlock, key, deps);
        if (nested.length > 0) tests.push(combine(nested, key));
      }
      continue;
    }
    const values = (Array.isArray(value) ? value : [value]) as Scalar[];
    deps.add(key);
    tests.push(leaf(key, values, mode));
  }
  return tests;
}

function combine(tests: Test[], mode: BlockMode): Test {
  if (tests.length === 1) return tests[0];
  return mode === 'ifOneOf' ? (read) => tests.some((t) => t(read)) : (read) => tests.every((t) => t(read));
}

/**
 * Compile an ifOneOf / ifAllOf block. Returns null for an empty block (also
 * one holding only empty nested blocks): an empty block is no condition.
 */
export function compileBlock(block: ConditionBlock | undefined, mode: BlockMode): CompiledCondition | null {
  if (!block || typeof block !== 'object') return null;
  const deps = new Set<string>();
  const tests = compileTests(block, mode, deps);
  if (tests.length === 0) return null;
  return { test: combine(tests, mode), deps };
}
