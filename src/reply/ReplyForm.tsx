/** The questions of the session with 'Verstuur'; checks the answers before sending. */
import { useState, type FormEvent } from 'react';
import { REPLY_TEXTS } from './texts.ts';
import { checkNewFiles, validateReply } from './validation.ts';
import { ReplyFilesField, ReplyTextField, chosen } from './ReplyFields.tsx';
import type { QaQuestion, ReplyAnswers } from './types.ts';

export interface ReplyFormProps {
  questions: QaQuestion[];
  sending: boolean;
  onSend: (answers: ReplyAnswers) => void;
}

export function ReplyForm({ questions, sending, onSend }: ReplyFormProps) {
  const [answers, setAnswers] = useState<ReplyAnswers>({ text: {}, files: {} });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  const update = (next: ReplyAnswers) => {
    setAnswers(next);
    if (submitted) setErrors(validateReply(questions, next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateReply(questions, answers);
    setErrors(found);
    const first = questions.find((q) => found[q.uuid]);
    if (first) {
      document.getElementById(`reply-${first.uuid}`)?.focus();
      return;
    }
    onSend(answers);
  };

  return (
    <form className="ml-reply-form" noValidate onSubmit={submit} aria-busy={sending || undefined}>
      {questions.map((q) =>
        q.field_type === 'image' ? (
          <ReplyFilesField
            key={q.uuid}
            question={q}
            value={answers.files[q.uuid] ?? []}
            error={errors[q.uuid]}
            onChange={(files) => update({ ...answers, files: { ...answers.files, [q.uuid]: files } })}
            onAdd={(files) => {
              const existing = answers.files[q.uuid] ?? [];
              const problem = checkNewFiles(existing.length, files);
              if (problem) {
                setErrors({ ...errors, [q.uuid]: problem });
                return;
              }
              const { [q.uuid]: _dropped, ...rest } = errors;
              setErrors(rest);
              update({ ...answers, files: { ...answers.files, [q.uuid]: [...existing, ...chosen(files)] } });
            }}
          />
        ) : (
          <ReplyTextField
            key={q.uuid}
            question={q}
            value={answers.text[q.uuid] ?? ''}
            error={errors[q.uuid]}
            onChange={(text) => update({ ...answers, text: { ...answers.text, [q.uuid]: text } })}
          />
        ),
      )}
      <button type="submit" className="utrecht-button utrecht-button--primary-action" disabled={sending}>
        {REPLY_TEXTS.submit}
      </button>
      {sending && (
        <p role="status" className="utrecht-paragraph">
          {REPLY_TEXTS.sending}
        </p>
      )}
    </form>
  );
}
