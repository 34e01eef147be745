import clsx from 'clsx';
import { FieldShell, groupBlur, isRequired, questionLabel, questionOptions } from '../../shell/index.ts';
import type { OptionValue, WidgetProps } from '../../types.ts';

/** radio_input: one choice among the question's values; stored as `{id, label, info?}`. */
export function RadioInput({ id, question, value, error, required, disabled, onChange, onBlur }: WidgetProps<OptionValue>) {
  const options = questionOptions(question);
  // What a changed answer resets (meta.resetsStateOnChange) is the engine's rule: the wizard machine applies it.
  const choose = (option: OptionValue) => onChange(option);
  return (
    <FieldShell id={id} group label={questionLabel(question)} required={isRequired(question, required)} hint={question.meta.subtitle} error={error} disabled={disabled}>
      {(control) => (
        <div className="ml-options" onBlur={groupBlur(onBlur)}>
          {options.map((option) => {
            const optionId = `${id}-${option.id}`;
            const checked = value?.id === option.id;
            return (
              <div key={option.id} className="ml-option">
                <input
                  type="radio"
                  id={optionId}
                  name={id}
                  value={option.id}
                  checked={checked}
                  disabled={disabled}
                  {...control}
                  className={clsx('utrecht-radio-button utrecht-radio-button--html-input', checked && 'utrecht-radio-button--checked')}
                  onChange={() => choose(option)}
                />
                <label htmlFor={optionId} className="utrecht-form-label utrecht-form-label--radio">
                  {option.label}
                  {option.info && <span className="ml-option__info">{option.info}</span>}
                </label>
              </div>
            );
          })}
        </div>
      )}
    </FieldShell>
  );
}
