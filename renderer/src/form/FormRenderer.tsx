import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { fillPlaceholders, type Answers, type Evaluation, type Form, type FormContext, type Question } from '@meldloket/engine';
import { noticeText } from '../fields/PlainText/index.ts';
import { RendererServicesProvider, type RendererServices } from '../context.tsx';
import { useWidgetRegistry, widgetFor, withWidgets, type WidgetRegistry } from '../registry.ts';
import { TEXTS } from '../texts.ts';
import { ErrorSummary, type ErrorSummaryItem } from './ErrorSummary.tsx';
import { shownErrors } from './errorRule.ts';

/** The answer key of the chosen subcategory: its error shows at the description widget's subcategory choice. */
const SUBCATEGORY_KEY = 'subcategory';

export interface FormRendererProps {
  /** The engine form (from `createForm`). Not needed when `evaluation` is given. */
  form?: Form;
  answers: Answers;
  /** Passed to `form.evaluate`. */
  context?: FormContext;
  /** An evaluation the caller already has (e.g. from the wizard machine); saves evaluating twice. */
  evaluation?: Evaluation;
  onChange: (key: string, value: unknown) => void;
  onBlur?: (key: string) => void;
  /**
   * How many times advancing failed. Each increase shows the errors of the
   * fields on screen and the error summary, and moves focus to the summary.
   */
  submitCount?: number;
  /** Prefix of the field ids (the id of a field is prefix + question key). */
  idPrefix?: string;
  /** Widgets to use instead of those of the registry in context (WidgetRegistryProvider). */
  widgets?: Partial<WidgetRegistry>;
  services?: RendererServices;
  /** Answer options of questions with `meta.valuesFrom`, by that name (id → label). */
  valueLists?: Partial<Record<string, Record<string, string>>>;
  disabled?: boolean;
  className?: string;
}

/** The question with its run-time options when it names a list in `valuesFrom`. */
function withValues(question: Question, lists: FormRendererProps['valueLists']): Question {
  const name = question.meta.valuesFrom;
  if (typeof name !== 'string' || !lists?.[name]) return question;
  return { ...question, meta: { ...question.meta, values: lists[name] } };
}

/**
 * Marks fields as left. While a mouse button or finger is down, a blur waits
 * until it is released: an error appearing then would move the button being
 * pressed, and the click would be lost. Keyboard blurs count at once.
 */
function useTouched() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const pressed = useRef(false);
  const pending = useRef(new Set<string>());
  const add = useCallback((keys: string[]) => {
    setTouched((previous) => (keys.every((key) => previous.has(key)) ? previous : new Set([...previous, ...keys])));
  }, []);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const down = () => {
      pressed.current = true;
    };
    const up = () => {
      pressed.current = false;
      if (pending.current.size === 0) return;
      const keys = [...pending.current];
      pending.current.clear();
      // after the click that this release completes
      timer = setTimeout(() => add(keys), 0);
    };
    // A tap sends pointerdown and pointerup first and moves focus only with the mousedown after them.
    const events: Array<[string, () => void]> = [
      ['pointerdown', down],
      ['mousedown', down],
      ['pointerup', up],
      ['mouseup', up],
      ['pointercancel', up],
    ];
    for (const [name, listener] of events) document.addEventListener(name, listener, true);
    return () => {
      for (const [name, listener] of events) document.removeEventListener(name, listener, true);
      if (timer) clearTimeout(timer);
    };
  }, [add]);
  const touch = useCallback(
    (key: string) => {
      if (pressed.current) pending.current.add(key);
      else add([key]);
    },
    [add],
  );
  return { touched, touch };
}

/**
 * Draws an engine evaluation: the visible questions in order, each with its
 * error as the one error rule says (see errorRule.ts), and an error summary
 * naming each field by its label after a failed attempt. It decides nothing itself.
 */
export function FormRenderer({
  form,
  answers,
  context,
  evaluation,
  onChange,
  onBlur,
  submitCount = 0,
  idPrefix = '',
  widgets,
  services,
  valueLists,
  disabled,
  className,
}: FormRendererProps) {
  const result = useMemo(() => {
    if (evaluation) return evaluation;
    if (!form) throw new Error('FormRenderer needs a form or an evaluation');
    return form.evaluate(answers, context);
  }, [evaluation, form, answers, context]);
  const { touched, touch } = useTouched();
  const blur = useCallback(
    (key: string) => {
      touch(key);
      onBlur?.(key);
    },
    [touch, onBlur],
  );

  // The fields on screen at the last attempt: adjusted while rendering when the count changes.
  const [attempt, setAttempt] = useState<{ count: number; keys: ReadonlySet<string> }>(() => ({
    count: submitCount,
    keys: new Set(submitCount > 0 ? result.visibleKeys : []),
  }));
  if (attempt.count !== submitCount) setAttempt({ count: submitCount, keys: new Set(submitCount > 0 ? result.visibleKeys : []) });

  const shown = shownErrors(result, { touched, attempted: attempt.keys });
  const attempted = submitCount > 0;
  const blockingMessage = result.blockingMessage ?? TEXTS.blocking;
  const describer = result.visible.find((item) => item.fieldType === 'description_with_classification_input');
  // Each field by its visible label, as the resident sees it above the field ('Waar gaat het om?').
  const summaryItems: ErrorSummaryItem[] = result.visible.flatMap((item) => {
    const message = shown[item.key];
    if (!message) return [];
    const id = item.key === SUBCATEGORY_KEY && describer ? `${idPrefix}${describer.key}-subcategory` : `${idPrefix}${item.key}`;
    return [{ id, label: item.question.meta.label ?? item.question.meta.shortLabel, message }];
  });
  // A blocking answer refuses 'Volgende' with the blocking text in the summary, linking to the notice
  // that says where to report instead. Alone, the blocking text is the summary's title and the link
  // is the notice's own text.
  const firstBlocking = attempted && result.blocked === true ? result.visible.find((item) => item.blocking) : undefined;
  if (firstBlocking) {
    const title = result.globalMessage ?? TEXTS.globalError;
    const notice = fillPlaceholders(noticeText(firstBlocking.question.meta.value), { ...services?.placeholders, incident: services?.incident ?? {} });
    summaryItems.push({
      id: `${idPrefix}${firstBlocking.key}`,
      message: title === blockingMessage ? firstBlocking.question.meta.label ?? (notice || blockingMessage) : blockingMessage,
    });
  }
  const showSummary = attempted && summaryItems.length > 0;

  const subcategoryError = shown[SUBCATEGORY_KEY];
  const provided = useMemo<RendererServices | undefined>(() => {
    if (!services?.classification || subcategoryError === services.classification.error) return services;
    return { ...services, classification: { ...services.classification, error: subcategoryError } };
  }, [services, subcategoryError]);

  const contextRegistry = useWidgetRegistry();
  const registry = useMemo(() => withWidgets(contextRegistry, widgets), [contextRegistry, widgets]);
  const content = (
    <div className={['ml-form', className].filter(Boolean).join(' ')}>
      {showSummary && <ErrorSummary title={result.globalMessage ?? TEXTS.globalError} errors={summaryItems} focusKey={submitCount} />}
      {result.visible.map((item) => {
        const Widget = widgetFor(item.fieldType ?? item.question.field_type, registry);
        const widget = (
          <Widget
            key={item.key}
            id={`${idPrefix}${item.key}`}
            question={withValues(item.question, valueLists)}
            value={answers[item.key]}
            error={shown[item.key]}
            required={item.required}
            disabled={disabled}
            onChange={(value: unknown) => onChange(item.key, value)}
            onBlur={() => blur(item.key)}
          />
        );
        if (!item.blocking) return widget;
        const first = result.visible.find((other) => other.blocking) === item;
        return (
          <div key={item.key} className="ml-blocking">
            {first && (
              <p className="ml-error-message" role="alert">
                {blockingMessage}
              </p>
            )}
            {widget}
          </div>
        );
      })}
    </div>
  );
  return provided ? <RendererServicesProvider value={provided}>{content}</RendererServicesProvider> : content;
}
