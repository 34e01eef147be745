import { OBJECT_TYPES } from '../schema/index.ts';
import type { FieldType, Question } from '../schema/types.ts';
import { timeOf } from '../validators/index.ts';

function option(question: Question, item: unknown): unknown {
  const values = question.meta.values ?? {};
  if (typeof item === 'string' || typeof item === 'number') return { id: String(item), label: values[String(item)] ?? String(item) };
  if (item && typeof item === 'object' && 'id' in item) {
    const { id, label } = item as { id: unknown; label?: unknown };
    return { id, label: typeof label === 'string' ? label : (values[String(id)] ?? String(id)) };
  }
  return item;
}

/** ISO timestamp of a date/time answer ('now' is the given moment). */
export function isoTime(value: unknown, now: Date): string | undefined {
  const ms = timeOf(value, now);
  return ms === undefined ? undefined : new Date(ms).toISOString();
}

/**
 * An answer as the API expects it in extra_properties: options as
 * `{id, label}` (a list for checkboxes), a single checkbox as
 * `{label, value}`, a date as an ISO timestamp, an asset answer as the list
 * of selected objects; texts as they are.
 */
export function toApiAnswer(question: Question, fieldType: FieldType, value: unknown, now: Date): unknown {
  switch (fieldType) {
    case 'radio_input':
    case 'select_input':
      return option(question, value);
    case 'checkbox_input':
    case 'emphasis_checkbox_input':
      if (Array.isArray(value)) return value.map((item) => option(question, item));
      if (typeof value === 'boolean') return { label: question.meta.shortLabel ?? question.meta.label ?? question.key, value };
      return value;
    case 'date_time_input':
      return isoTime(value, now) ?? value;
    default:
      if (OBJECT_TYPES.has(fieldType) && value && typeof value === 'object' && !Array.isArray(value)) {
        const selection = (value as { selection?: unknown }).selection;
        if (Array.isArray(selection)) return selection;
      }
      return value;
  }
}
