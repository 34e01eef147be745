import { FieldShell, fieldShellProps, OptionList, questionOptions, type OptionListProps } from '../../shell/index.ts';
import type { OptionValue, WidgetProps } from '../../types.ts';

/** radio_input: one choice among the question's values; stored as `{id, label, info?}`. */
export function RadioInput({ id, question, value, error, required, disabled, onChange, onBlur, describedBy, ref, controlProps }: WidgetProps<OptionValue>) {
  const options = questionOptions(question);
  // What a changed answer resets (meta.resetsStateOnChange) is the engine's rule: the wizard machine applies it.
  const choose = (option: OptionValue) => onChange(option);
  return (
    <FieldShell {...fieldShellProps({ id, question, error, required, disabled, describedBy })} group>
      {(control) => (
        <OptionList
          type="radio"
          id={id}
          name={id}
          options={options}
          isChecked={(option) => value?.id === option.id}
          onToggle={(option) => choose(option)}
          onBlur={onBlur}
          disabled={disabled}
          control={control}
          inputProps={controlProps as OptionListProps['inputProps']}
          ref={ref as OptionListProps['ref']}
        />
      )}
    </FieldShell>
  );
}
