/** The questions of the session, drawn by the renderer from an engine form, with 'Verstuur'. */
import { useMemo, useState, type FormEvent } from 'react';
import { createForm, type Answers } from '@meldloket/engine';
import { FormRenderer } from '@meldloket/renderer';
import { SendButton } from '../layout/SendButton.tsx';
import { REPLY_TEXTS } from './texts.ts';
import { replyQuestionSet } from './questions.ts';
import type { QaQuestion } from './types.ts';

export interface ReplyFormProps {
  questions: QaQuestion[];
  sending: boolean;
  onSend: (answers: Answers) => void;
}

export function ReplyForm({ questions, sending, onSend }: ReplyFormProps) {
  const form = useMemo(() => createForm(replyQuestionSet(questions)), [questions]);
  const [answers, setAnswers] = useState<Answers>({});
  const [submitCount, setSubmitCount] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const evaluation = form.evaluate(answers);
    if (!evaluation.canAdvance) {
      setSubmitCount((count) => count + 1);
      return;
    }
    onSend(evaluation.effectiveAnswers);
  };

  return (
    <form className="ml-reply-form" noValidate onSubmit={submit} aria-busy={sending || undefined}>
      <FormRenderer
        form={form}
        answers={answers}
        onChange={(key, value) => setAnswers((previous) => ({ ...previous, [key]: value }))}
        submitCount={submitCount}
        idPrefix="reply-"
        disabled={sending}
      />
      <SendButton label={REPLY_TEXTS.submit} sendingText={REPLY_TEXTS.sending} sending={sending} />
    </form>
  );
}
