/**
 * Photos enlarged in a modal dialog: arrow keys go to the previous or next photo,
 * Escape or 'Sluiten' closes it. Shows the file name and the created date.
 */
import { useLayoutEffect, useRef } from 'react';
import { formatCreatedAt } from '@meldloket/engine';
import type { ExplanationFile } from './types.ts';
import { REPLY_TEXTS } from './texts.ts';

export interface LightboxProps {
  files: ExplanationFile[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

export function Lightbox({ files, index, onIndex, onClose }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  const close = useRef<HTMLButtonElement>(null);
  const file = files[index];

  // modal before the first paint, the focus on Sluiten (showModal gives it to [autofocus]; where
  // there is no showModal, this does): keys and the reading cursor stay inside
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (typeof element.showModal === 'function' && !element.open) element.showModal();
    else element.setAttribute('open', '');
    if (!element.contains(document.activeElement)) close.current?.focus();
    return () => {
      if (typeof element.close === 'function' && element.open) element.close();
    };
  }, []);

  const go = (step: number) => onIndex((index + step + files.length) % files.length);

  return (
    <dialog
      ref={dialog}
      className="ml-lightbox"
      aria-label={REPLY_TEXTS.lightbox.label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') go(-1);
        else if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'Escape') onClose();
        else return;
        event.preventDefault();
      }}
    >
      <figure className="ml-lightbox__figure">
        <img src={file.file} alt={file.description} />
        <figcaption>
          <span className="ml-lightbox__name">{file.description}</span>
          {file.created_at && <span className="ml-lightbox__date">{formatCreatedAt(file.created_at)}</span>}
          {files.length > 1 && (
            <span className="ml-lightbox__count">
              {index + 1} van {files.length}
            </span>
          )}
        </figcaption>
      </figure>
      <div className="ml-lightbox__actions">
        {files.length > 1 && (
          <>
            <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => go(-1)}>
              {REPLY_TEXTS.lightbox.previous}
            </button>
            <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => go(1)}>
              {REPLY_TEXTS.lightbox.next}
            </button>
          </>
        )}
        <button ref={close} type="button" className="utrecht-button utrecht-button--primary-action" onClick={onClose} autoFocus>
          {REPLY_TEXTS.lightbox.close}
        </button>
      </div>
    </dialog>
  );
}
