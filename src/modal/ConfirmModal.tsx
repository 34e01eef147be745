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
}

/**
 * A modal dialog asking to confirm an action ('Annuleer' / 'Bevestig' by default).
 * Built on the native <dialog>: focus stays inside while open, Escape cancels, and
 * focus returns to where it was when it closes.
 */
export function ConfirmModal({ open, title, message, confirmLabel = 'Bevestig', cancelLabel = 'Annuleer', onConfirm, onCancel }: ConfirmModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="ml-modal"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
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
        <button type="button" className="utrecht-button utrecht-button--primary-action" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
