import { FieldShell, autocompleteFor, inputTypeFor, isRequired, questionLabel } from '../../shell/index.ts';
import type { WidgetProps } from '../../types.ts';

/** text_input: one line of text. */
export function TextInput({ id, question, value, error, required, disabled, onChange, onBlur }: WidgetProps<string>) {
  const autoComplete = autocompleteFor(question);
  const { meta } = question;
  return (
    <FieldShell id={id} label={questionLabel(question)} required={isRequired(question, required)} hint={meta.subtitle} error={error} disabled={disabled}>
      {(control) => (
        <input
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
