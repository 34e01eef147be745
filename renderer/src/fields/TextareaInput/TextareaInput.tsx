import type { Ref, TextareaHTMLAttributes } from 'react';
import { isRequired, questionLabel } from '../../shell/index.ts';
import type { WidgetProps } from '../../types.ts';
import { TextareaField } from './TextareaField.tsx';

/** textarea_input: several lines of text with a character counter (default maximum 1000). */
export function TextareaInput({ id, question, value, error, required, disabled, onChange, onBlur, describedBy, ref, controlProps }: WidgetProps<string>) {
  const { meta } = question;
  return (
    <TextareaField
      id={id}
      name={question.key}
      label={questionLabel(question)}
      required={isRequired(question, required)}
      hint={meta.subtitle}
      error={error}
      disabled={disabled}
      value={value}
      rows={meta.rows}
      maxLength={meta.maxLength}
      placeholder={meta.placeholder}
      onChange={onChange}
      onBlur={() => onBlur?.()}
      describedBy={describedBy}
      controlRef={ref as Ref<HTMLTextAreaElement>}
      controlProps={controlProps as TextareaHTMLAttributes<HTMLTextAreaElement>}
    />
  );
}
