import type { Ref } from 'react';
import type { Question } from '@meldloket/engine';
import type { OptionValue, WidgetProps } from '../types.ts';

/** The label a question shows: its label, else its short label, else its key. */
export function questionLabel(question: Question): string {
  return question.meta.label ?? question.meta.shortLabel ?? question.key;
}

/** Answer options in definition order. A value is a label, or `{label, info}`. */
export function questionOptions(question: Question): OptionValue[] {
  const values = (question.meta.values ?? {}) as Record<string, unknown>;
  return Object.entries(values).map(([id, entry]) => {
    if (entry && typeof entry === 'object') {
      const { label, info } = entry as { label?: unknown; info?: unknown };
      return { id, label: String(label ?? id), ...(typeof info === 'string' ? { info } : {}) };
    }
    return { id, label: String(entry) };
  });
}

const AUTOCOMPLETE_BY_KEY: Record<string, string> = { phone: 'tel', email: 'email' };
const AUTOCOMPLETE_TOKENS = new Set(['tel', 'email', 'name', 'given-name', 'family-name', 'street-address', 'postal-code', 'address-level2', 'url', 'off']);

/** A valid `autocomplete` token for the question, if it has one (phone → tel, email → email). */
export function autocompleteFor(question: Question): string | undefined {
  const declared = question.meta.autocomplete;
  if (typeof declared === 'string' && AUTOCOMPLETE_TOKENS.has(declared)) return declared;
  return AUTOCOMPLETE_BY_KEY[question.key];
}

/** The input type that matches an autocomplete token. */
export function inputTypeFor(autocomplete: string | undefined): 'tel' | 'email' | 'url' | 'text' {
  if (autocomplete === 'tel' || autocomplete === 'email' || autocomplete === 'url') return autocomplete;
  return 'text';
}

/** Whether the widget should treat the question as required. */
export function isRequired(question: Question, required: boolean | undefined): boolean {
  return required ?? Boolean(question.required);
}

/** What every question widget passes to its FieldShell: id, label, required state, hint, error, disabled and extra descriptions. */
export function fieldShellProps({ id, question, error, required, disabled, describedBy }: Pick<WidgetProps, 'id' | 'question' | 'error' | 'required' | 'disabled' | 'describedBy'>) {
  return { id, label: questionLabel(question), required: isRequired(question, required), hint: question.meta.subtitle, error, disabled, describedBy };
}

/** Hands an element to a caller's ref, whether a callback or an object ref. */
export function assignRef<T>(ref: Ref<T> | undefined, element: T | null): void {
  if (typeof ref === 'function') ref(element);
  else if (ref) (ref as { current: T | null }).current = element;
}
