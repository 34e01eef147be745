import { useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type InputHTMLAttributes } from 'react';
import clsx from 'clsx';
import { fileLimitsOf, selectFiles } from '@meldloket/engine';
import { useRendererServices } from '../../context.tsx';
import { FieldShell, assignRef, fieldShellProps, questionLabel } from '../../shell/index.ts';
import { TEXTS } from '../../texts.ts';
import type { WidgetProps } from '../../types.ts';

/** A chosen photo. `file` holds the data until it is uploaded; `url` may point at a stored copy. */
export interface FileValue {
  id: string;
  name: string;
  type: string;
  size: number;
  file?: Blob;
  url?: string;
}

let sequence = 0;
function newId(): string {
  sequence += 1;
  return `foto-${Date.now().toString(36)}-${sequence}`;
}

/** A preview URL for each photo, revoked when the photo goes. */
function usePreviews(files: FileValue[]): Record<string, string> {
  const [urls, setUrls] = useState<Record<string, string>>({});
  const created = useRef(new Map<string, string>());
  useEffect(() => {
    const canCreate = typeof URL.createObjectURL === 'function';
    const next: Record<string, string> = {};
    const keep = new Set<string>();
    for (const item of files) {
      if (item.url) {
        next[item.id] = item.url;
      } else if (item.file && canCreate) {
        const url = created.current.get(item.id) ?? URL.createObjectURL(item.file);
        created.current.set(item.id, url);
        keep.add(item.id);
        next[item.id] = url;
      }
    }
    for (const [fileId, url] of created.current) {
      if (!keep.has(fileId)) {
        URL.revokeObjectURL(url);
        created.current.delete(fileId);
      }
    }
    setUrls(next);
  }, [files]);
  useEffect(() => () => created.current.forEach((url) => URL.revokeObjectURL(url)), []);
  return urls;
}

/**
 * file_input: up to the question's maximum of photos (default 3) of the
 * allowed types and sizes. A drop zone with 'Foto toevoegen' (the native file
 * input stays the control, visually hidden, so keyboard and screen readers use
 * it as any file field), thumbnails with a short 'Verwijder' button each, and a
 * progress bar per photo while it uploads.
 */
export function FileInput({ id, question, value, error, required, disabled, onChange, onBlur, describedBy, ref, controlProps }: WidgetProps<FileValue[]>) {
  const { uploadProgress, uploadFailed } = useRendererServices();
  const limits = useMemo(() => fileLimitsOf(question.meta), [question.meta]);
  const files = useMemo(() => (Array.isArray(value) ? value : []), [value]);
  const [selectionError, setSelectionError] = useState<string | undefined>();
  // Said at once by a screen reader (a live region that is always there): the refusal of a chosen
  // file comes after the file dialog, not as the field gets focus. Each refusal is said, also the same twice.
  const [announced, setAnnounced] = useState<{ text?: string; count: number }>({ count: 0 });
  const [dragging, setDragging] = useState(false);
  const previews = usePreviews(files);
  const input = useRef<HTMLInputElement>(null);

  const choose = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    // which files may join is the engine's policy (maximum, type, size)
    const { accepted, problem } = selectFiles(files.length, Array.from(list), limits);
    setSelectionError(problem);
    setAnnounced((previous) => ({ text: problem, count: previous.count + 1 }));
    if (accepted.length > 0) onChange([...files, ...accepted.map((file) => ({ id: newId(), name: file.name, type: file.type, size: file.size, file }))]);
  };

  // Taken over from HTML rendered ahead (hydration): photos chosen before the app ran are in the
  // element but not in the app's state; take them now, as if chosen now.
  useLayoutEffect(() => {
    const element = input.current;
    if (!element?.files || element.files.length === 0) return;
    choose(element.files);
    element.value = '';
    // only the first draw can find files the app did not take
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const remove = (fileId: string) => {
    setSelectionError(undefined);
    onChange(files.filter((item) => item.id !== fileId));
    // The button goes away with the photo: keep focus in the field.
    input.current?.focus();
  };

  const dragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files);
  };

  return (
    <FieldShell
      {...fieldShellProps({ id, question, error: selectionError ?? error, required, disabled, describedBy })}
      after={
        <>
        <p className="ml-visually-hidden" role="alert">
          {announced.text && <span key={announced.count}>{`${TEXTS.errorPrefix}${announced.text}`}</span>}
        </p>
        {files.length > 0 && (
          <ul className="ml-photos" aria-label={questionLabel(question)}>
            {files.map((item) => {
              const progress = uploadProgress?.[item.id];
              return (
                <li key={item.id} className="ml-photo">
                  {previews[item.id] ? <img className="ml-photo__thumb" src={previews[item.id]} alt={item.name} /> : <span className="ml-photo__thumb ml-photo__thumb--empty" aria-hidden="true" />}
                  <span className="ml-photo__name">{item.name}</span>
                  {progress !== undefined && !uploadFailed?.[item.id] && <progress max={1} value={progress} aria-label={TEXTS.uploading(item.name)} />}
                  {uploadFailed?.[item.id] && <span className="ml-error-message">{TEXTS.uploadFailed}</span>}
                  <button type="button" className="ml-button ml-button--secondary ml-photo__remove" disabled={disabled} onClick={() => remove(item.id)}>
                    {TEXTS.remove}{' '}
                    <span className="ml-visually-hidden">{TEXTS.photoName(item.name)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        </>
      }
    >
      {(control) => (
        <div className={clsx('ml-dropzone', dragging && 'ml-dropzone--active', disabled && 'ml-dropzone--disabled')} onDragEnter={dragOver} onDragOver={dragOver} onDragLeave={() => setDragging(false)} onDrop={drop}>
          <input
            {...(controlProps as InputHTMLAttributes<HTMLInputElement>)}
            {...control}
            ref={(element) => {
              input.current = element;
              assignRef(ref, element);
            }}
            type="file"
            name={question.key}
            multiple={limits.maxNumberOfFiles > 1}
            accept={limits.allowedFileTypes.join(',')}
            disabled={disabled}
            className="ml-file-input"
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = '';
            }}
            onBlur={() => onBlur?.()}
          />
          {/* A second label of the same input: the visible button's text is part of the input's name. */}
          <label htmlFor={id} className="ml-button ml-button--secondary ml-dropzone__button">
            {TEXTS.addPhoto}
          </label>
          {!disabled && (
            <span className="ml-dropzone__hint" aria-hidden="true">
              {TEXTS.dropPhotos}
            </span>
          )}
        </div>
      )}
    </FieldShell>
  );
}
