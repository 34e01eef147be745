import clsx from 'clsx';
import type { InputHTMLAttributes, Ref } from 'react';
import type { OptionValue } from '../types.ts';
import type { ControlProps } from './FieldShell.tsx';
import { groupBlur } from './groupBlur.ts';

export interface OptionListProps {
  /** Radio buttons (one choice) or checkboxes (several). */
  type: 'radio' | 'checkbox';
  /** Id of the group; each option gets `${id}-${option.id}`. */
  id: string;
  name: string;
  options: readonly OptionValue[];
  isChecked: (option: OptionValue) => boolean;
  onToggle: (option: OptionValue, checked: boolean) => void;
  onBlur?: () => void;
  disabled?: boolean;
  /** The ARIA wiring of the field shell's group. */
  control: ControlProps;
  /** Native attributes for every option's input (e.g. data-*, autoFocus on the first). */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'name' | 'value' | 'checked' | 'onChange'>;
  /** A ref to the first option's input (to move focus to the group). */
  ref?: Ref<HTMLInputElement>;
}

export const OPTION_INPUT_CLASS = {
  radio: 'utrecht-radio-button utrecht-radio-button--html-input',
  checkbox: 'utrecht-checkbox utrecht-checkbox--html-input utrecht-checkbox--custom',
};

/** The one list of options for radio buttons and checkboxes: input, label and the option's extra text. */
export function OptionList({ type, id, name, options, isChecked, onToggle, onBlur, disabled, control, inputProps, ref }: OptionListProps) {
  return (
    <div className="ml-options" onBlur={groupBlur(onBlur)}>
      {options.map((option, index) => {
        const optionId = `${id}-${option.id}`;
        const checked = isChecked(option);
        return (
          <div key={option.id} className="ml-option">
            <input
              {...inputProps}
              ref={index === 0 ? ref : undefined}
              type={type}
              id={optionId}
              name={name}
              value={option.id}
              checked={checked}
              disabled={disabled}
              {...control}
              className={clsx(OPTION_INPUT_CLASS[type], type === 'radio' && checked && 'utrecht-radio-button--checked', inputProps?.className)}
              onChange={(event) => onToggle(option, event.target.checked)}
            />
            <label htmlFor={optionId} className={`utrecht-form-label utrecht-form-label--${type}`}>
              {option.label}
              {option.info && <span className="ml-option__info">{option.info}</span>}
            </label>
          </div>
        );
      })}
    </div>
  );
}
