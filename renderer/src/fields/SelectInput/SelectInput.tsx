import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldShell, fieldShellProps, questionOptions } from '../../shell/index.ts';
import { TEXTS } from '../../texts.ts';
import type { OptionValue, WidgetProps } from '../../types.ts';

/** select_input: a native select of the question's values; stored as `{id, label}`. */
export function SelectInput({ id, question, value, error, required, disabled, onChange, onBlur, describedBy, ref, controlProps }: WidgetProps<OptionValue>) {
  const options = questionOptions(question);
  return (
    <FieldShell {...fieldShellProps({ id, question, error, required, disabled, describedBy })}>
      {(control) => (
        <select
          {...(controlProps as SelectHTMLAttributes<HTMLSelectElement>)}
          ref={ref as Ref<HTMLSelectElement>}
          {...control}
          name={question.key}
          className="utrecht-select utrecht-select--html-select ml-select"
          value={value?.id ?? ''}
          disabled={disabled}
          onChange={(event) => {
            const option = options.find((candidate) => candidate.id === event.target.value);
            onChange(option ? { id: option.id, label: option.label } : undefined);
          }}
          onBlur={() => onBlur?.()}
        >
          <option value="">{question.meta.placeholder ?? TEXTS.chooseOption}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
