/**
 * One internal form of a question's visibility conditions. The wire format
 * stays Signalen's (`ifOneOf` / `ifAllOf` blocks, nested, and `visibleIf`
 * JSON Logic); `normalizeConditions` turns it once into a tree of leaves and
 * all/any groups that the compiler, the linter, the benchmark and the SurveyJS
 * translation all read (docs/conditions.md).
 */
import type { ConditionBlock, JsonLogicRule, QuestionMeta, Scalar } from '../schema/types.ts';

/** A test of one answer (or `category` / `subcategory`): it holds one of the values (oneOf) or all of them (allOf). */
export interface ValueLeaf {
  kind: 'leaf';
  key: string;
  match: 'oneOf' | 'allOf';
  values: Scalar[];
  /** JSON pointer of the test inside the question, e.g. /meta/ifOneOf/subcategory. */
  pointer: string;
}

/** A `visibleIf` JSON Logic rule, evaluated against the answers. */
export interface LogicLeaf {
  kind: 'logic';
  rule: JsonLogicRule;
  pointer: string;
}

export interface Group {
  kind: 'all' | 'any';
  of: Condition[];
}

export type Condition = ValueLeaf | LogicLeaf | Group;

const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

const isBlock = (value: unknown): value is ConditionBlock => !!value && typeof value === 'object' && !Array.isArray(value);

function group(kind: Group['kind'], parts: Condition[]): Condition | null {
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : { kind, of: parts };
}

/** A block as a condition; null for an absent or empty block (also one holding only empty nested blocks). */
export function normalizeBlock(block: unknown, mode: 'ifOneOf' | 'ifAllOf', pointer = `/meta/${mode}`): Condition | null {
  if (!isBlock(block)) return null;
  const parts: Condition[] = [];
  for (const [key, value] of Object.entries(block)) {
    const at = `${pointer}/${escape(key)}`;
    if (key === 'ifOneOf' || key === 'ifAllOf') {
      const nested = normalizeBlock(value, key, at);
      if (nested) parts.push(nested);
      continue;
    }
    const values = (Array.isArray(value) ? value : [value]) as Scalar[];
    parts.push({ kind: 'leaf', key, match: mode === 'ifOneOf' ? 'oneOf' : 'allOf', values, pointer: at });
  }
  return group(mode === 'ifOneOf' ? 'any' : 'all', parts);
}

/**
 * A question's conditions as one tree: ifAllOf, ifOneOf and visibleIf must all
 * hold. Null when the question has none, or when `ignoreVisibility` sets them
 * aside. (`authenticated` is not a condition on answers; see compileVisibility.)
 */
export function normalizeConditions(meta: QuestionMeta | undefined): Condition | null {
  if (!meta || meta.ignoreVisibility) return null;
  const parts = [
    normalizeBlock(meta.ifAllOf, 'ifAllOf'),
    normalizeBlock(meta.ifOneOf, 'ifOneOf'),
    meta.visibleIf === undefined ? null : ({ kind: 'logic', rule: meta.visibleIf, pointer: '/meta/visibleIf' } satisfies LogicLeaf),
  ].filter((part): part is Condition => part !== null);
  return group('all', parts);
}

/** Every value leaf of a condition, in order. */
export function valueLeaves(condition: Condition | null): ValueLeaf[] {
  if (!condition) return [];
  if (condition.kind === 'leaf') return [condition];
  if (condition.kind === 'logic') return [];
  return condition.of.flatMap(valueLeaves);
}

/** Every JSON Logic leaf of a condition, in order. */
export function logicLeaves(condition: Condition | null): LogicLeaf[] {
  if (!condition) return [];
  if (condition.kind === 'logic') return [condition];
  if (condition.kind === 'leaf') return [];
  return condition.of.flatMap(logicLeaves);
}

/** Fold a condition bottom-up: one function per kind of node. */
export function foldCondition<T>(
  condition: Condition,
  on: { leaf: (leaf: ValueLeaf) => T; logic: (leaf: LogicLeaf) => T; all: (parts: T[]) => T; any: (parts: T[]) => T },
): T {
  switch (condition.kind) {
    case 'leaf':
      return on.leaf(condition);
    case 'logic':
      return on.logic(condition);
    case 'all':
      return on.all(condition.of.map((c) => foldCondition(c, on)));
    case 'any':
      return on.any(condition.of.map((c) => foldCondition(c, on)));
  }
}
