/** 'Notitie toevoegen': a note on the report (docs/reference/limits.md#validation: not empty, at most 3000 characters). */
import { forwardRef, useId, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { incidentApi, type IncidentDetail } from './api.ts';
import { NOTE_MAX, noteError, notePatch } from './notes.ts';
import { INCIDENT_TEXTS } from './texts.ts';
import { allMessages, FieldError, Form, useSubmit } from '../../forms/index.ts';

const T = INCIDENT_TEXTS.notes;

export interface NoteFormProps {
  incidentId: number;
  onUpdated: (detail: IncidentDetail, message: string) => void;
}

export const NoteForm = forwardRef<HTMLTextAreaElement, NoteFormProps>(function NoteForm({ incidentId, onUpdated }, ref) {
  const api = useApi();
  const id = useId();
  const [text, setText] = useState('');
  const save = useSubmit();
  const errors = allMessages(save.errors);

  const submit = () => {
    const error = noteError(text);
    if (error) return save.setErrors({ text: [error] });
    void save.run(async () => {
      const detail = await incidentApi(api).patch(incidentId, notePatch(text));
      setText('');
      onUpdated(detail, T.saved);
    });
  };

  return (
    <Form className="ml-incident__form" label={T.heading} onSubmit={submit}>
      <div className="ml-incident__field">
        <label htmlFor={`${id}-note`} className="utrecht-form-label">
          {T.label}
        </label>
        <FieldError id={`${id}-error`} messages={errors} />
        <textarea
          ref={ref}
          id={`${id}-note`}
          className="utrecht-textarea"
          rows={4}
          value={text}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={[errors.length ? `${id}-error` : '', `${id}-count`].filter(Boolean).join(' ')}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-count`} className="utrecht-form-field-description">
          {T.count(text.length, NOTE_MAX)}
        </p>
      </div>
      <button type="submit" className="utrecht-button utrecht-button--secondary-action" disabled={save.busy}>
        {T.submit}
      </button>
    </Form>
  );
});
