import { useMemo, useState } from 'react';
import { createForm, type Answers, type QuestionSetFile } from '@meldloket/engine';
import type { RendererServices } from '../context.tsx';
import { FormRenderer } from '../form/FormRenderer.tsx';
import type { WidgetRegistry } from '../registry.ts';

export interface FormHarnessProps {
  questionSet: QuestionSetFile;
  initialAnswers?: Answers;
  services?: RendererServices;
  widgets?: Partial<WidgetRegistry>;
  now?: Date;
  initialSubmitCount?: number;
  onAnswersChange?: (answers: Answers) => void;
  disabled?: boolean;
  idPrefix?: string;
}

/** A form as the wizard uses it: answers in state, a 'Volgende' button that only counts failed attempts. */
export function FormHarness({ questionSet, initialAnswers = {}, services, widgets, now, initialSubmitCount = 0, onAnswersChange, disabled, idPrefix }: FormHarnessProps) {
  const form = useMemo(() => createForm(questionSet), [questionSet]);
  const context = useMemo(() => ({ now: now ?? new Date() }), [now]);
  const [answers, setAnswers] = useState<Answers>(initialAnswers);
  const [submitCount, setSubmitCount] = useState(initialSubmitCount);
  const [advanced, setAdvanced] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const evaluation = form.evaluate(answers, context);
        if (evaluation.canAdvance) setAdvanced(true);
        else setSubmitCount((count) => count + 1);
      }}
    >
      <FormRenderer
        form={form}
        context={context}
        answers={answers}
        services={services}
        widgets={widgets}
        submitCount={submitCount}
        disabled={disabled}
        idPrefix={idPrefix}
        onChange={(key, value) =>
          setAnswers((previous) => {
            const next = { ...previous, [key]: value };
            onAnswersChange?.(next);
            return next;
          })
        }
      />
      <button type="submit" className="utrecht-button utrecht-button--primary-action ml-button">
        Volgende
      </button>
      {advanced && (
        <p role="status" className="utrecht-paragraph">
          Alle vragen zijn beantwoord.
        </p>
      )}
    </form>
  );
}
