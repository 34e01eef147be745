import type { Question } from '@meldloket/engine';
import type { InputHTMLAttributes, Ref } from 'react';
import { FieldShell, isRequired, OPTION_INPUT_CLASS, OptionQuestion, questionLabel, questionOptions, type ControlProps } from '../../shell/index.ts';
import type { CheckedValue, OptionValue, WidgetProps } from '../../types.ts';

type CheckboxValue = OptionValue[] | CheckedValue;

export interface SingleCheckboxProps extends WidgetProps<CheckedValue> {
  className?: string;
}

/** The value text of a single checkbox, if the question has one. */
function valueText(question: Question): string | undefined {
  return typeof question.meta.value === 'string' && question.meta.value !== '' ? question.meta.value : undefined;
}

/**
 * One checkbox that is the whole answer, stored as `{label, value}`. With both
 * a label and a value text, the label becomes the legend of a group and the
 * value text labels the checkbox.
 */
export function SingleCheckbox({ id, question, value, error, required, disabled, onChange, onBlur, className, describedBy, ref, controlProps }: SingleCheckboxProps) {
  const text = valueText(question) ?? questionLabel(question);
  const withLegend = valueText(question) !== undefined && Boolean(question.meta.label);
  const checkbox = (control: Partial<ControlProps>, checkboxId: string) => (
    <input
      {...(controlProps as InputHTMLAttributes<HTMLInputElement>)}
      ref={ref as Ref<HTMLInputElement>}
      {...control}
      type="checkbox"
      id={checkboxId}
      name={question.key}
      checked={value?.value === true}
      disabled={disabled}
      className={OPTION_INPUT_CLASS.checkbox}
      onChange={(event) => onChange({ label: text, value: event.target.checked })}
      onBlur={() => onBlur?.()}
    />
  );
  const shared = { id, className, required: isRequired(question, required), hint: question.meta.subtitle, error, disabled, describedBy };
  if (withLegend) {
    const checkboxId = `${id}-checkbox`;
    return (
      <FieldShell {...shared} group label={question.meta.label}>
        {(control) => (
          <div className="ml-option">
            {checkbox(control, checkboxId)}
            <label htmlFor={checkboxId} className="utrecht-form-label utrecht-form-label--checkbox">
              {text}
            </label>
          </div>
        )}
      </FieldShell>
    );
  }
  return (
    <FieldShell {...shared} inline hideOptional label={text}>
      {(control) => checkbox(control, id)}
    </FieldShell>
  );
}

/** checkbox_input: several checkboxes from `values` (stored as `[{id, label}]`), or one checkbox. */
export function CheckboxInput(props: WidgetProps<CheckboxValue>) {
  const { question, value, onChange } = props;
  const options = questionOptions(question);
  if (options.length === 0) {
    return <SingleCheckbox {...(props as WidgetProps<CheckedValue>)} />;
  }
  const chosen = Array.isArray(value) ? value : [];
  const toggle = (option: OptionValue, checked: boolean) => {
    const next = options.filter((candidate) => (candidate.id === option.id ? checked : chosen.some((item) => item.id === candidate.id)));
    onChange(next.map(({ id: optionId, label }) => ({ id: optionId, label })));
  };
  return <OptionQuestion widget={props} type="checkbox" name={question.key} isChecked={(option) => chosen.some((item) => item.id === option.id)} onToggle={toggle} />;
}
