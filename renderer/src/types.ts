import type { AllHTMLAttributes, ComponentType, Ref } from 'react';
import type { Question } from '@meldloket/engine';

/** What every widget receives. Widgets hold no condition or validation logic. */
export interface WidgetProps<V = unknown> {
  /** DOM id of the control (or of the fieldset for groups); hint and error get `${id}-hint` / `${id}-error`. */
  id: string;
  question: Question;
  value: V | undefined;
  /** The engine's error message, when it should be shown. */
  error?: string;
  /** Whether an answer is required (the engine's EvaluatedQuestion.required). Defaults to question.required. */
  required?: boolean;
  disabled?: boolean;
  onChange: (value: V | undefined) => void;
  onBlur?: () => void;
  /** Ids of elements elsewhere on the page that also describe this field; added to its aria-describedby. */
  describedBy?: string;
  /** A ref to the widget's control (the first option of a group). */
  ref?: Ref<HTMLElement>;
  /** Native attributes for the widget's control, e.g. `data-*`, `autoFocus`, `inputMode`, `spellCheck`. */
  controlProps?: NativeControlAttributes;
}

/** Native attributes a caller may add to a widget's control (the widget owns value, name, id, type and events). */
export type NativeControlAttributes = Omit<
  AllHTMLAttributes<HTMLElement>,
  'id' | 'name' | 'value' | 'defaultValue' | 'checked' | 'defaultChecked' | 'type' | 'onChange' | 'onBlur' | 'disabled' | 'required' | 'children' | 'dangerouslySetInnerHTML'
>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Widget = ComponentType<WidgetProps<any>>;

/** An answer option as stored by radio, select and checkbox widgets. */
export interface OptionValue {
  id: string;
  label: string;
  info?: string;
}

/** A single checkbox answer. */
export interface CheckedValue {
  label: string;
  value: boolean;
}
