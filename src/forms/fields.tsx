/**
 * The fields of the back office's forms, each on the renderer's FieldShell (label, hint, error and
 * their wiring): a text field, a file, a choice from a list, a checkbox, a choice of radio buttons, a list
 * of checkboxes, and the error under a field the form draws itself. engine/test/one-definition.test.ts
 * fails on a field drawn by hand in src/manage or src/settings.
 */
import { ErrorMessage, FieldShell, type ControlProps } from '@meldloket/renderer';
import type { ReactNode, Ref } from 'react';

/** What every field of the kit takes besides its value: where it sits and what else describes it. */
interface FieldFrame {
  /** A class on the field's wrapper (the screen's layout). */
  className?: string;
  /** Ids of elements outside the field that describe it too (read after its hint and error). */
  describedBy?: string;
  /** Drawn after the control, e.g. a character count. */
  after?: ReactNode;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  required,
  hint,
  type = 'text',
  multiline,
  autoComplete = 'off',
  inputMode,
  min,
  maxLength,
  hideOptional,
  rows = 4,
  controlRef,
  className,
  describedBy,
  after,
}: FieldFrame & {
  hideOptional?: boolean;
  /** The height of a multiline field in lines. */
  rows?: number;
  /** The control itself (to give it the focus). */
  controlRef?: Ref<HTMLTextAreaElement> | Ref<HTMLInputElement>;
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'number' | 'search' | 'date';
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric';
  min?: number;
  maxLength?: number;
}) {
  return (
    <FieldShell id={id} label={label} required={required} hideOptional={hideOptional} error={error} hint={hint} className={className} describedBy={describedBy} after={after}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            ref={controlRef as Ref<HTMLTextAreaElement>}
            className="utrecht-textarea utrecht-textarea--html-textarea ml-textarea"
            rows={rows}
            maxLength={maxLength}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            {...control}
            ref={controlRef as Ref<HTMLInputElement>}
            className="utrecht-textbox utrecht-textbox--html-input ml-textbox"
            type={type}
            value={value}
            autoComplete={autoComplete}
            inputMode={inputMode}
            min={min}
            maxLength={maxLength}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FieldShell>
  );
}

/** A choice from a list: the options (and optgroups) are the children; `wide` fills its column (the theme's select box). */
export function SelectField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  hideOptional,
  wide,
  className,
  describedBy,
  after,
  children,
}: FieldFrame & { id: string; label: string; value: string; onChange: (value: string) => void; error?: string; hint?: ReactNode; required?: boolean; hideOptional?: boolean; wide?: boolean; children: ReactNode }) {
  return (
    <FieldShell id={id} label={label} required={required} hideOptional={hideOptional} error={error} hint={hint} className={className} describedBy={describedBy} after={after}>
      {(control) => (
        <select {...control} className={`utrecht-select utrecht-select--html-select${wide ? ' ml-select' : ''}`} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxField({ id, label, checked, onChange, hint, disabled, className, describedBy }: FieldFrame & { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: ReactNode; disabled?: boolean }) {
  return (
    <FieldShell id={id} label={label} inline hideOptional hint={hint} disabled={disabled} className={className} describedBy={describedBy}>
      {(control) => <input {...control} type="checkbox" className="utrecht-checkbox utrecht-checkbox--html-input ml-checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />}
    </FieldShell>
  );
}

/**
 * A field whose control is not one of the kit's (a code editor, a map, a control of a screen's own):
 * the shell's label, hint and error, with their wiring handed to `children` to spread on the control.
 */
export function CustomField({ id, label, hint, error, required, hideOptional, group, className, describedBy, after, children }: FieldFrame & { id: string; label: string; hint?: ReactNode; error?: string; required?: boolean; hideOptional?: boolean; group?: boolean; children: (control: ControlProps) => ReactNode }) {
  return (
    <FieldShell id={id} label={label} required={required} hideOptional={hideOptional} error={error} hint={hint} group={group} className={className} describedBy={describedBy} after={after}>
      {children}
    </FieldShell>
  );
}

/** A file to pick (read through `inputRef` when the form sends it); `accept` as the input's. */
export function FileField({ id, label, hint, error, required, hideOptional, accept, inputRef, className, describedBy, after }: FieldFrame & { id: string; label: string; hint?: ReactNode; error?: string; required?: boolean; hideOptional?: boolean; accept: string; inputRef?: Ref<HTMLInputElement> }) {
  return (
    <FieldShell id={id} label={label} required={required} hideOptional={hideOptional} error={error} hint={hint} className={className} describedBy={describedBy} after={after}>
      {(control) => <input {...control} ref={inputRef} type="file" accept={accept} className="ml-file" />}
    </FieldShell>
  );
}

/** One option of a RadioGroup: `note` is said after its label (and describes it), e.g. why it is off. */
export interface RadioOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
  note?: ReactNode;
}

/** Where a group's options go: `checked` per option, `pick` when one is turned on or off. */
interface OptionsProps {
  id: string;
  type: 'radio' | 'checkbox';
  options: readonly RadioOption[];
  checked: (value: string) => boolean;
  pick: (value: string, on: boolean) => void;
  optionsClassName?: string;
}

/** The options of a group, each a control and its label (with its note), inside the group's fieldset. */
function Options({ id, type, options, checked, pick, optionsClassName, control }: OptionsProps & { control: ControlProps }) {
  return (
    <div className={optionsClassName}>
      {options.map((option, index) => (
        <div key={option.value} className="ml-option">
          <input
            {...control}
            id={`${id}-${index}`}
            type={type}
            name={id}
            className={type === 'radio' ? 'utrecht-radio-button utrecht-radio-button--html-input ml-radio' : 'utrecht-checkbox utrecht-checkbox--html-input ml-checkbox'}
            value={option.value}
            checked={checked(option.value)}
            disabled={option.disabled}
            aria-describedby={option.note ? `${id}-${index}-note` : undefined}
            onChange={(e) => pick(option.value, e.target.checked)}
          />
          <label htmlFor={`${id}-${index}`} className={`utrecht-form-label utrecht-form-label--${type === 'radio' ? 'radio-button' : 'checkbox'}`}>
            {option.label}
            {option.note && (
              <span id={`${id}-${index}-note`} className="ml-option__note">
                {' '}
                ({option.note})
              </span>
            )}
          </label>
        </div>
      ))}
    </div>
  );
}

/** What a group of options takes besides its values. */
type GroupProps = Omit<FieldFrame, 'after'> & { id: string; label: string; options: readonly RadioOption[]; error?: string; hint?: ReactNode; required?: boolean; hideOptional?: boolean; optionsClassName?: string };

/**
 * A choice of one from a few, as radio buttons in a fieldset whose legend is `label`; the error is
 * under the legend and the fieldset is its target in the error summary (`id`).
 */
export function RadioGroup({ id, label, options, value, onChange, error, hint, required, hideOptional = true, className, optionsClassName }: GroupProps & { value: string; onChange: (value: string) => void }) {
  return (
    <FieldShell id={id} label={label} group required={required} hideOptional={hideOptional} error={error} hint={hint} className={className}>
      {(control) => <Options id={id} type="radio" options={options} checked={(v) => v === value} pick={(v) => onChange(v)} optionsClassName={optionsClassName} control={control} />}
    </FieldShell>
  );
}

/** A choice of any number from a few, as checkboxes in a fieldset whose legend is `label`; `values` are the ones on, in the order they were turned on. */
export function CheckboxGroup({ id, label, options, values, onChange, error, hint, required, hideOptional = true, className, optionsClassName }: GroupProps & { values: readonly string[]; onChange: (values: string[]) => void }) {
  return (
    <FieldShell id={id} label={label} group required={required} hideOptional={hideOptional} error={error} hint={hint} className={className}>
      {(control) => (
        <Options
          id={id}
          type="checkbox"
          options={options}
          checked={(v) => values.includes(v)}
          pick={(v, on) => onChange(on ? [...values.filter((x) => x !== v), v] : values.filter((x) => x !== v))}
          optionsClassName={optionsClassName}
          control={control}
        />
      )}
    </FieldShell>
  );
}

/** Moves the focus to the legend of the group `id` (its question is read first), e.g. when the group appears. */
export function focusLegend(id: string) {
  const legend = document.getElementById(id)?.querySelector('legend');
  if (!legend) return;
  legend.tabIndex = -1;
  legend.focus();
}

/** A fieldset of checkboxes, one per item. */
export function Checklist({
  legend,
  hint,
  error,
  items,
  selected,
  onToggle,
  prefix,
}: {
  legend: string;
  hint?: string;
  error?: string;
  /** `disabled` with `describedBy`: an item the user may not change, and the id of the text that says why. */
  items: Array<{ id: number; label: string; disabled?: boolean; describedBy?: string }>;
  selected: Set<number>;
  onToggle: (id: number, on: boolean) => void;
  prefix: string;
}) {
  return (
    <fieldset id={prefix} className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset ml-fieldset ml-settings__group" aria-describedby={hint ? `${prefix}-hint` : undefined}>
      <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend ml-legend">{legend}</legend>
      {hint && (
        <p id={`${prefix}-hint`} className="utrecht-form-field-description ml-hint">
          {hint}
        </p>
      )}
      {error && <p className="utrecht-form-field-error-message ml-error-message">{error}</p>}
      {items.map((item) => (
        <div key={item.id} className="ml-option">
          <input
            id={`${prefix}-${item.id}`}
            type="checkbox"
            className="utrecht-checkbox utrecht-checkbox--html-input ml-checkbox"
            checked={selected.has(item.id)}
            disabled={item.disabled}
            aria-describedby={item.disabled ? item.describedBy : undefined}
            onChange={(e) => onToggle(item.id, e.target.checked)}
          />
          <label htmlFor={`${prefix}-${item.id}`} className="utrecht-form-label utrecht-form-label--checkbox">
            {item.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** A copy of `set` with `value` in or out. */
export function toggled<T>(set: Set<T>, value: T, on: boolean): Set<T> {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}

/** The messages under a field (nothing when there are none): the shell's error, for a control the form draws itself. */
export function FieldError({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return <ErrorMessage id={id}>{messages.join(' ')}</ErrorMessage>;
}
