import { useEffect, useId, useRef } from 'react';
import './modal.css';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  /** Closed without a choice (Escape); by default the same as cancelling. */
  onDismiss?(): void;
  /** The focus starts on the confirming button (where confirming is the safe choice); by default on the first. */
  focusConfirm?: boolean;
}

/**
 * A modal dialog asking to confirm an action ('Annuleer' / 'Bevestig' by default).
 * Built on the native <dialog>: focus stays inside while open, Escape cancels, and
 * focus returns to where it was when it closes.
 */
export function ConfirmModal({ open, title, message, confirmLabel = 'Bevestig', cancelLabel = 'Annuleer', onConfirm, onCancel, onDismiss = onCancel, focusConfirm = false }: ConfirmModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  // what the dialog is asked to be: a close the parent did not ask for (the browser's, on Escape) is a dismissal
  const wanted = useRef(open);
  wanted.current = open;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // (React's autoFocus would focus the button before the dialog shows, which does nothing)
      if (focusConfirm) confirmRef.current?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open, focusConfirm]);

  return (
    <dialog
      ref={ref}
      className="ml-modal"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        wanted.current = false;
        onDismiss();
      }}
      onClose={() => {
        if (wanted.current) onDismiss();
      }}
    >
      <h2 id={titleId} className="utrecht-heading-2">
        {title}
      </h2>
      {message && (
        <p id={messageId} className="utrecht-paragraph">
          {message}
        </p>
      )}
      <div className="ml-modal__actions">
        <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="utrecht-button utrecht-button--primary-action" onClick={onConfirm} ref={confirmRef}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
