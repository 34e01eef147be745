import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FORM_TEXTS } from './texts.ts';
import './forms.css';

/**
 * A form's submit button: off while the form is sent (`busy`) or cannot be sent yet (`disabled`), and
 * says so to a screen reader; `secondary` where it is not the page's main action (a note beside the report).
 */
export function SubmitButton({ busy, disabled = false, secondary = false, children }: { busy: boolean; disabled?: boolean; secondary?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={`utrecht-button utrecht-button--${secondary ? 'secondary' : 'primary'}-action`} disabled={busy || disabled} aria-disabled={busy || disabled || undefined}>
      {children}
    </button>
  );
}

/**
 * Submit and cancel at the end of a form. The submit button is off while the form is sent (`busy`)
 * or cannot be sent yet (`disabled`); cancel is a link to where the form came from (`cancel` a path)
 * or a button that closes the form (`cancel` a function).
 */
export function FormButtons({
  busy,
  disabled = false,
  submit = FORM_TEXTS.save,
  cancel,
  cancelLabel = FORM_TEXTS.cancel,
}: {
  busy: boolean;
  disabled?: boolean;
  submit?: string;
  cancel: string | (() => void);
  cancelLabel?: string;
}) {
  return (
    <div className="ml-form__buttons">
      <SubmitButton busy={busy} disabled={disabled}>
        {submit}
      </SubmitButton>
      {typeof cancel === 'string' ? (
        <Link className="utrecht-link" to={cancel}>
          {cancelLabel}
        </Link>
      ) : (
        <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={cancel}>
          {cancelLabel}
        </button>
      )}
    </div>
  );
}
