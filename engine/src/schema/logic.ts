/** Which JSON Logic operations a `visibleIf` rule may use. */
export const JSON_LOGIC_OPERATIONS: ReadonlySet<string> = new Set([
  '==', '===', '!=', '!==', '>', '>=', '<', '<=', '!!', '!', '%', 'in', 'cat', 'substr',
  '+', '*', '-', '/', 'min', 'max', 'merge', 'var', 'missing', 'missing_some',
  'if', '?:', 'and', 'or', 'filter', 'map', 'reduce', 'all', 'none', 'some',
]);

export interface LogicProblem {
  pointer: string;
  message: string;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Unknown operations (and 'method'/'log', which are not allowed) in a JSON Logic rule. */
export function logicProblems(rule: unknown, pointer = ''): LogicProblem[] {
  if (Array.isArray(rule)) return rule.flatMap((item, i) => logicProblems(item, `${pointer}/${i}`));
  if (!rule || typeof rule !== 'object') return [];
  const entries = Object.entries(rule as Record<string, unknown>);
  if (entries.length !== 1) {
    return [{ pointer, message: 'a JSON Logic operation is an object with exactly one operator' }];
  }
  const [op, args] = entries[0];
  const here = `${pointer}/${escapePointer(op)}`;
  if (!JSON_LOGIC_OPERATIONS.has(op)) return [{ pointer: here, message: `unknown JSON Logic operator "${op}"` }];
  return logicProblems(args, here);
}
