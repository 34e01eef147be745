import type { Scalar } from '../schema/types.ts';

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function atomOf(item: unknown): Scalar | undefined {
  if (isScalar(item)) return item;
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    if (isScalar(record.id)) return record.id;
    if (isScalar(record.value)) return record.value;
  }
  return undefined;
}

/**
 * The values a condition can match in an answer, or null when the answer is
 * missing. A radio/select answer `{id, label}` gives its id, a checkbox list
 * the ids of the ticked items, a single checkbox `{label, value}` its value,
 * a text its text. Missing: undefined, null, an empty or blank string and an
 * empty list.
 */
export function answerAtoms(answer: unknown): Scalar[] | null {
  if (answer === undefined || answer === null) return null;
  if (typeof answer === 'string') return answer.trim() === '' ? null : [answer];
  if (Array.isArray(answer)) {
    if (answer.length === 0) return null;
    return answer.map(atomOf).filter((a): a is Scalar => a !== undefined);
  }
  const atom = atomOf(answer);
  return atom === undefined ? [] : [atom];
}
