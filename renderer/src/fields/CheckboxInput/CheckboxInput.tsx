import type { Question } from '@meldloket/engine';
import { FieldShell, groupBlur, isRequired, questionLabel, questionOptions, type ControlProps } from '../../shell/index.ts';
import type { CheckedValue, OptionValue, WidgetProps } from '../../types.ts';

type CheckboxValue = OptionValue[] | CheckedValue;

export interface SingleCheckboxProps extends WidgetProps<CheckedValue> {
  className?: string;
}

const CHECKBOX_CLASS = 'utrecht-checkbox utrecht-checkbox--html-input utrecht-checkbox--custom';

/** The value text of a single checkbox, if the question has one. */
function valueText(question: Question): string | undefined {
  return typeof question.meta.value === 'string' && question.meta.value !== '' ? question.meta.value : undefined;
}

/**
 * One checkbox that is the whole answer, stored as `{label, value}`. With both
 * a label and a value text, the label becomes the legend of a group and the
 * value text labels the checkbox.
 */
export function SingleCheckbox({ id, question, value, error, required, disabled, onChange, onBlur, className }: SingleCheckboxProps) {
  const text = valueText(question) ?? questionLabel(question);
  const withLegend = valueText(question) !== undefined && Boolean(question.meta.label);
  const checkbox = (control: Partial<ControlProps>, checkboxId: string) => (
    <input
      {...control}
      type="checkbox"
      id={checkboxId}
      name={question.key}
      checked={value?.value === true}
      disabled={disabled}
      className={CHECKBOX_CLASS}
      onChange={(event) => onChange({ label: text, value: event.target.checked })}
      onBlur={() => onBlur?.()}
    />
  );
  const shared = { id, className, required: isRequired(question, required), hint: question.meta.subtitle, error, disabled };
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
  const { id, question, value, error, required, disabled, onChange, onBlur } = props;
  const options = questionOptions(question);
  if (options.length === 0) {
    return <SingleCheckbox {...(props as WidgetProps<CheckedValue>)} />;
  }
  const chosen = Array.isArray(value) ? value : [];
  const toggle = (option: OptionValue, checked: boolean) => {
    const next = options.filter((candidate) => (candidate.id === option.id ? checked : chosen.some((item) => item.id === candidate.id)));
    onChange(next.map(({ id: optionId, label }) => ({ id: optionId, label })));
  };
  return (
    <FieldShell id={id} group label={questionLabel(question)} required={isRequired(question, required)} hint={question.meta.subtitle} error={error} disabled={disabled}>
      {(control) => (
        <div className="ml-options" onBlur={groupBlur(onBlur)}>
          {options.map((option) => {
            const optionId = `${id}-${option.id}`;
            return (
              <div key={option.id} className="ml-option">
                <input
                  type="checkbox"
                  id={optionId}
                  name={question.key}
                  value={option.id}
                  checked={chosen.some((item) => item.id === option.id)}
                  disabled={disabled}
                  {...control}
                  className={CHECKBOX_CLASS}
                  onChange={(event) => toggle(option, event.target.checked)}
                />
                <label htmlFor={optionId} className="utrecht-form-label utrecht-form-label--checkbox">
                  {option.label}
                </label>
              </div>
            );
          })}
        </div>
      )}
    </FieldShell>
  );
}
