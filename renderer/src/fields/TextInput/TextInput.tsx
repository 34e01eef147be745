import type { InputHTMLAttributes, Ref } from 'react';
import { FieldShell, fieldShellProps, autocompleteFor, inputTypeFor } from '../../shell/index.ts';
import type { WidgetProps } from '../../types.ts';

/** text_input: one line of text. */
export function TextInput({ id, question, value, error, required, disabled, onChange, onBlur, describedBy, ref, controlProps }: WidgetProps<string>) {
  const autoComplete = autocompleteFor(question);
  const { meta } = question;
  return (
    <FieldShell {...fieldShellProps({ id, question, error, required, disabled, describedBy })}>
      {(control) => (
        <input
          {...(controlProps as InputHTMLAttributes<HTMLInputElement>)}
          ref={ref as Ref<HTMLInputElement>}
          {...control}
          name={question.key}
          type={inputTypeFor(autoComplete)}
          autoComplete={autoComplete}
          className="utrecht-textbox utrecht-textbox--html-input ml-textbox"
          value={value ?? ''}
          placeholder={meta.placeholder}
          maxLength={meta.maxLength}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          // meta.autoRemove is applied by the engine when the field is left (the wizard machine's LEAVE)
          onBlur={() => onBlur?.()}
        />
      )}
    </FieldShell>
  );
}
