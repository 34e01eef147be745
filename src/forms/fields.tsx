/**
 * The fields of the back office's forms, each on the renderer's FieldShell (label, hint, error and
 * their wiring): a text field, a choice from a list, a checkbox, a list of checkboxes, and the error
 * under a field the form draws itself.
 */
import { ErrorMessage, FieldShell } from '@meldloket/renderer';
import type { ReactNode } from 'react';

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
}: {
  hideOptional?: boolean;
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'number' | 'search';
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric';
  min?: number;
  maxLength?: number;
}) {
  return (
    <FieldShell id={id} label={label} required={required} hideOptional={hideOptional} error={error} hint={hint}>
      {(control) =>
        multiline ? (
          <textarea {...control} className="utrecht-textarea utrecht-textarea--html-textarea ml-textarea" rows={4} maxLength={maxLength} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input
            {...control}
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

/** A choice from a list: the options (and optgroups) are the children. */
export function SelectField({ id, label, value, onChange, error, hint, required, hideOptional, children }: { id: string; label: string; value: string; onChange: (value: string) => void; error?: string; hint?: ReactNode; required?: boolean; hideOptional?: boolean; children: ReactNode }) {
  return (
    <FieldShell id={id} label={label} required={required} hideOptional={hideOptional} error={error} hint={hint}>
      {(control) => (
        <select {...control} className="utrecht-select utrecht-select--html-select" value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxField({ id, label, checked, onChange, hint, disabled }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: ReactNode; disabled?: boolean }) {
  return (
    <FieldShell id={id} label={label} inline hideOptional hint={hint} disabled={disabled}>
      {(control) => <input {...control} type="checkbox" className="utrecht-checkbox utrecht-checkbox--html-input ml-checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />}
    </FieldShell>
  );
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
