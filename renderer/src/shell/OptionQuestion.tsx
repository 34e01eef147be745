import type { WidgetProps } from '../types.ts';
import { FieldShell } from './FieldShell.tsx';
import { OptionList, type OptionListProps } from './OptionList.tsx';
import { fieldShellProps, questionOptions } from './question.ts';

export interface OptionQuestionProps extends Pick<OptionListProps, 'type' | 'name' | 'isChecked' | 'onToggle'> {
  /** The widget's props (its value and change are read through `isChecked` and `onToggle`). */
  widget: Omit<WidgetProps, 'value' | 'onChange'>;
}

/** A question answered by choosing among its options: the field shell's group around the one option list. */
export function OptionQuestion({ widget, type, name, isChecked, onToggle }: OptionQuestionProps) {
  const { id, question, error, required, disabled, onBlur, describedBy, ref, controlProps } = widget;
  return (
    <FieldShell {...fieldShellProps({ id, question, error, required, disabled, describedBy })} group>
      {(control) => (
        <OptionList
          type={type}
          id={id}
          name={name}
          options={questionOptions(question)}
          isChecked={isChecked}
          onToggle={onToggle}
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
