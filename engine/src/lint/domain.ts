import type { FieldType, Question, Scalar } from '../schema/types.ts';
import { resolveFieldType } from '../form/index.ts';
import { traitsOf } from '../schema/index.ts';

/** Keys every condition may read besides question keys. */
export const CONTEXT_KEYS: ReadonlySet<string> = new Set(['category', 'subcategory']);

export function fieldTypeOf(question: Question): FieldType {
  return resolveFieldType(question.field_type);
}

/**
 * What values a condition can see in a key's answer (from the field-type
 * table's conditionValues):
 * - 'none': the question takes no answer (display only);
 * - 'one': exactly one value, from `values` when finite (radio, select, single checkbox, text, category);
 * - 'many': any subset of `values` (checkbox list, multi text);
 * - 'free': an answer conditions cannot usefully test (map and file answers): anything goes.
 */
export interface Domain {
  arity: 'none' | 'one' | 'many' | 'free';
  values: ReadonlySet<Scalar> | null;
}

const hasValues = (q: Question) => !!q.meta?.values && typeof q.meta.values === 'object' && Object.keys(q.meta.values).length > 0;

export function domainOf(question: Question): Domain {
  const type = fieldTypeOf(question);
  const values = hasValues(question) ? new Set<Scalar>(Object.keys(question.meta.values!)) : null;
  switch (traitsOf(type)?.conditionValues) {
    case 'none':
      return { arity: 'none', values: null };
    case 'option':
      return { arity: 'one', values };
    case 'options':
      return values ? { arity: 'many', values } : { arity: 'one', values: new Set<Scalar>([true, false]) };
    case 'text':
      return { arity: 'one', values: null };
    case 'texts':
      return { arity: 'many', values: null };
    default:
      return { arity: 'free', values: null };
  }
}
