import type { FieldType, Question, Scalar } from '../schema/types.ts';
import { FIELD_TYPE_ALIASES } from '../schema/types.ts';

/** Types that show something but take no answer. */
export const DISPLAY_ONLY_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['header', 'plain_text', 'handling_message']);

/** Keys every condition may read besides question keys. */
export const CONTEXT_KEYS: ReadonlySet<string> = new Set(['category', 'subcategory']);

export function fieldTypeOf(question: Question): FieldType {
  const code = question.field_type as string;
  return (FIELD_TYPE_ALIASES as Record<string, FieldType>)[code] ?? (code as FieldType);
}

/**
 * What values a condition can see in a key's answer:
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
  if (DISPLAY_ONLY_TYPES.has(type)) return { arity: 'none', values: null };
  switch (type) {
    case 'radio_input':
    case 'select_input':
      return { arity: 'one', values: hasValues(question) ? new Set(Object.keys(question.meta.values!)) : null };
    case 'checkbox_input':
    case 'emphasis_checkbox_input':
      return hasValues(question)
        ? { arity: 'many', values: new Set(Object.keys(question.meta.values!)) }
        : { arity: 'one', values: new Set<Scalar>([true, false]) };
    case 'text_input':
    case 'textarea_input':
    case 'hidden_input':
    case 'date_time_input':
    case 'description_with_classification_input':
      return { arity: 'one', values: null };
    case 'multi_text_input':
      return { arity: 'many', values: null };
    default:
      return { arity: 'free', values: null };
  }
}
