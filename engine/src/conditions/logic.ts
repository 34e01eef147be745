import jsonLogic from 'json-logic-js';
import type { JsonLogicRule } from '../schema/types.ts';
import { ANY_KEY, type AnswerReader, type CompiledCondition } from './model.ts';

function firstSegment(name: string | number): string {
  return String(name).split('.')[0];
}

function collectDeps(rule: unknown, deps: Set<string>): void {
  if (Array.isArray(rule)) {
    for (const item of rule) collectDeps(item, deps);
    return;
  }
  if (!rule || typeof rule !== 'object') return;
  for (const [op, rawArgs] of Object.entries(rule as Record<string, unknown>)) {
    const args = Array.isArray(rawArgs) ? rawArgs : [rawArgs];
    if (op === 'var') {
      const name = args[0];
      if ((typeof name === 'string' && name !== '') || typeof name === 'number') deps.add(firstSegment(name));
      else deps.add(ANY_KEY);
      collectDeps(args.slice(1), deps);
    } else if (op === 'missing' || op === 'missing_some') {
      const names = op === 'missing' ? args : args[1];
      if (Array.isArray(names) && names.every((n) => typeof n === 'string')) {
        for (const n of names) deps.add(firstSegment(n));
      } else deps.add(ANY_KEY);
      collectDeps(args, deps);
    } else {
      collectDeps(args, deps);
    }
  }
}

/**
 * Compile a `visibleIf` JSON Logic rule. The rule sees the answers (hidden
 * questions' answers left out) as its data. A rule that throws counts as
 * false.
 */
export function compileVisibleIf(rule: JsonLogicRule | undefined, allKeys: () => Iterable<string>): CompiledCondition | null {
  if (rule === undefined) return null;
  const deps = new Set<string>();
  collectDeps(rule, deps);
  return {
    deps,
    test(read: AnswerReader): boolean {
      const data: Record<string, unknown> = {};
      const keys = deps.has(ANY_KEY) ? allKeys() : deps;
      for (const key of keys) {
        if (key === ANY_KEY) continue;
        const value = read(key);
        if (value !== undefined) data[key] = value;
      }
      try {
        return jsonLogic.truthy(jsonLogic.apply(rule as jsonLogic.RulesLogic, data));
      } catch {
        return false;
      }
    },
  };
}
