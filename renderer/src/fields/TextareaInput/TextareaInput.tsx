import type { Ref, TextareaHTMLAttributes } from 'react';
import { isRequired, questionLabel } from '../../shell/index.ts';
import type { WidgetProps } from '../../types.ts';
import { TextareaField, type TextareaFieldProps } from './TextareaField.tsx';

/** The text area of a question: its key, label, requiredness, subtitle, rows, maximum and placeholder (a widget adds to it). */
export function questionTextareaProps({ id, question, value, error, required, disabled, onChange, onBlur, describedBy, ref, controlProps }: WidgetProps<string>): TextareaFieldProps {
  const { meta } = question;
  return {
    id,
    name: question.key,
    label: questionLabel(question),
    required: isRequired(question, required),
    hint: meta.subtitle,
    error,
    disabled,
    value,
    rows: meta.rows,
    maxLength: meta.maxLength,
    placeholder: meta.placeholder,
    onChange,
    onBlur: () => onBlur?.(),
    describedBy,
    controlRef: ref as Ref<HTMLTextAreaElement>,
    controlProps: controlProps as TextareaHTMLAttributes<HTMLTextAreaElement>,
  };
}

/** textarea_input: several lines of text with a character counter (default maximum 1000). */
export function TextareaInput(props: WidgetProps<string>) {
  return <TextareaField {...questionTextareaProps(props)} />;
}
