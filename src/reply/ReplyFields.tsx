/** The two kinds of reply question: a text answer and photos. */
import { useEffect, useMemo, useRef } from 'react';
import { FieldShell } from '@meldloket/renderer';
import type { ChosenFile, QaQuestion } from './types.ts';
import { TEXT_MAX } from './validation.ts';

interface FieldProps<V> {
  question: QaQuestion;
  value: V;
  error?: string;
  onChange: (value: V) => void;
}

const fieldId = (q: QaQuestion) => `reply-${q.uuid}`;

export function ReplyTextField({ question, value, error, onChange }: FieldProps<string>) {
  const id = fieldId(question);
  return (
    <FieldShell
      id={id}
      label={question.label}
      required={question.required}
      error={error}
      after={
        <p className="utrecht-form-field-description ml-counter" aria-live="polite">
          {value.length}/{TEXT_MAX} tekens
        </p>
      }
    >
      {(control) => (
        <textarea
          {...control}
          name={question.uuid}
          rows={5}
          className="utrecht-textarea utrecht-textarea--html-textarea"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldShell>
  );
}

function Preview({ chosen, onRemove }: { chosen: ChosenFile; onRemove: () => void }) {
  const url = useMemo(() => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(chosen.file) : ''), [chosen.file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <li className="ml-reply-preview">
      {url && <img src={url} alt="" width={80} height={80} />}
      <span>{chosen.file.name}</span>
      <button type="button" className="utrecht-button utrecht-button--subtle" onClick={onRemove}>
        Verwijder foto {chosen.file.name}
      </button>
    </li>
  );
}

let nextId = 0;

export function ReplyFilesField({ question, value, error, onChange, onAdd }: FieldProps<ChosenFile[]> & { onAdd: (files: File[]) => void }) {
  const id = fieldId(question);
  const input = useRef<HTMLInputElement>(null);
  return (
    <FieldShell id={id} label={question.label} required={question.required} error={error}>
      {(control) => (
        <>
          {value.length > 0 && (
            <ul className="ml-reply-previews" aria-label="Gekozen foto's">
              {value.map((chosen) => (
                <Preview key={chosen.id} chosen={chosen} onRemove={() => onChange(value.filter((c) => c.id !== chosen.id))} />
              ))}
            </ul>
          )}
          <input
            {...control}
            ref={input}
            type="file"
            name={question.uuid}
            accept="image/jpeg,image/jpg,image/png,image/gif"
            multiple={question.multiple_answers_allowed !== false}
            className="ml-reply-file"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              if (files.length > 0) onAdd(files);
              if (input.current) input.current.value = '';
            }}
          />
        </>
      )}
    </FieldShell>
  );
}

export function chosen(files: File[]): ChosenFile[] {
  return files.map((file) => ({ id: `file-${++nextId}`, file }));
}
