/** 'Notitie toevoegen': a note on the report (docs/reference/limits.md#validation: not empty, at most 3000 characters). */
import { forwardRef, useId, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { incidentApi, type IncidentDetail } from './api.ts';
import { NOTE_MAX, noteError, notePatch } from './notes.ts';
import { INCIDENT_TEXTS } from './texts.ts';
import { allMessages, Form, SubmitButton, TextField, useSubmit } from '../../forms/index.ts';

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
      <TextField
        id={`${id}-note`}
        className="ml-incident__field"
        controlRef={ref}
        multiline
        hideOptional
        label={T.label}
        error={errors.join(' ') || undefined}
        describedBy={`${id}-count`}
        value={text}
        onChange={setText}
        after={
          <p id={`${id}-count`} className="utrecht-form-field-description">
            {T.count(text.length, NOTE_MAX)}
          </p>
        }
      />
      <SubmitButton busy={save.busy} secondary>
        {T.submit}
      </SubmitButton>
    </Form>
  );
});
