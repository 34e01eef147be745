import clsx from 'clsx';
import type { ReactNode } from 'react';
import { TEXTS } from '../texts.ts';

/**
 * The ARIA wiring a control receives from the shell. A single control gets
 * all of it; in a group (fieldset) the fieldset carries id, description and
 * required state, and every option only gets `aria-invalid`.
 */
export interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  /** Required fields get no suffix; optional ones '(niet verplicht)'. */
  required?: boolean;
  /** Hide the '(niet verplicht)' suffix (e.g. a single checkbox that is its own answer). */
  hideOptional?: boolean;
  hint?: ReactNode;
  error?: string;
  /** A group of controls: fieldset with legend, the wiring goes on the fieldset; spread the control props on every option. */
  group?: boolean;
  /** A single checkbox: the control comes first, its label after it. */
  inline?: boolean;
  disabled?: boolean;
  className?: string;
  /** Ids of elements outside the shell that also describe the field (added after hint and error). */
  describedBy?: string;
  /** Rendered after the control (e.g. a character counter). */
  after?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}

/** `aria-describedby` for a field: hint first, then error, then what the caller adds. */
export function describedBy(id: string, hasHint: boolean, hasError: boolean, extra?: string): string | undefined {
  const ids = [hasHint && `${id}-hint`, hasError && `${id}-error`, extra?.trim()].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function OptionalSuffix() {
  return (
    <>
      {' '}
      <span className="ml-form-label__optional">{TEXTS.optional}</span>
    </>
  );
}

export function ErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="utrecht-form-field-error-message ml-error-message">
      <span className="ml-visually-hidden">{TEXTS.errorPrefix.trim()}</span> {children}
    </p>
  );
}

/**
 * The one component that owns label, hint, error and their accessibility
 * wiring for every widget.
 */
export function FieldShell({ id, label, required, hideOptional, hint, error, group, inline, disabled, className, describedBy: extra, after, children }: FieldShellProps) {
  const hasHint = hint !== undefined && hint !== null && hint !== '';
  const hasError = Boolean(error);
  const control: ControlProps = {
    id,
    'aria-describedby': describedBy(id, hasHint, hasError, extra),
    ...(hasError ? { 'aria-invalid': true as const } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };
  const labelContent = (
    <>
      {label}
      {!required && !hideOptional && <OptionalSuffix />}
    </>
  );
  const hintNode = hasHint && (
    <div id={`${id}-hint`} className="utrecht-form-field-description ml-hint">
      {hint}
    </div>
  );
  const errorNode = hasError && <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>;
  const classes = clsx('utrecht-form-field', 'ml-field', hasError && 'utrecht-form-field--invalid ml-field--invalid', className);

  if (group) {
    return (
      <div className={classes}>
        <fieldset
          id={id}
          className={clsx('utrecht-form-fieldset utrecht-form-fieldset--html-fieldset ml-fieldset', hasError && 'utrecht-form-fieldset--invalid')}
          aria-describedby={control['aria-describedby']}
          aria-invalid={hasError || undefined}
          disabled={disabled}
        >
          <legend className={clsx('utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend ml-legend', disabled && 'utrecht-form-fieldset__legend--disabled')}>
            {labelContent}
          </legend>
          {hintNode}
          {errorNode}
          {children(hasError ? { 'aria-invalid': true } : {})}
          {after}
        </fieldset>
      </div>
    );
  }
  if (inline) {
    return (
      <div className={classes}>
        <div className="ml-option">
          {children(control)}
          <label htmlFor={id} className={clsx('utrecht-form-label utrecht-form-label--checkbox', disabled && 'utrecht-form-label--disabled')}>
            {labelContent}
          </label>
        </div>
        {hintNode}
        {errorNode}
        {after}
      </div>
    );
  }
  return (
    <div className={classes}>
      <label htmlFor={id} className={clsx('utrecht-form-label ml-label', disabled && 'utrecht-form-label--disabled')}>
        {labelContent}
      </label>
      {hintNode}
      {errorNode}
      {children(control)}
      {after}
    </div>
  );
}
