import type { Question } from '../src/index.ts';

/** A radio question with the given options and meta. */
export function radio(key: string, values: string[], meta: Record<string, unknown> = {}, required = false): Question {
  return {
    key,
    field_type: 'radio_input',
    required,
    meta: { label: key, values: Object.fromEntries(values.map((v) => [v, v.toUpperCase()])), ...meta },
  };
}

export function checkboxes(key: string, values: string[], meta: Record<string, unknown> = {}): Question {
  return { key, field_type: 'checkbox_input', meta: { label: key, values: Object.fromEntries(values.map((v) => [v, v])), ...meta } };
}

export function text(key: string, meta: Record<string, unknown> = {}, required = false): Question {
  return { key, field_type: 'text_input', required, meta: { label: key, ...meta } };
}

export function notice(key: string, meta: Record<string, unknown> = {}): Question {
  return { key, field_type: 'plain_text', meta: { type: 'info', value: 'Let op', ...meta } };
}

/** A radio answer as Signalen stores it. */
export const pick = (id: string) => ({ id, label: id.toUpperCase() });
/** A checkbox-list answer. */
export const ticks = (...ids: string[]) => ids.map(pick);
