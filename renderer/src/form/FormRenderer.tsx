import { useCallback, useMemo, useState } from 'react';
import type { Answers, Evaluation, Form, FormContext } from '@meldloket/engine';
import { RendererServicesProvider, type RendererServices } from '../context.tsx';
import { widgetFor, type WidgetRegistry } from '../registry.ts';
import { TEXTS } from '../texts.ts';
import { ErrorSummary, type ErrorSummaryItem } from './ErrorSummary.tsx';

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
   * How many times advancing failed. From 1 on, every error shows and the
   * error summary appears; each increase moves focus to the summary.
   */
  submitCount?: number;
  /** Prefix of the field ids (the id of a field is prefix + question key). */
  idPrefix?: string;
  /** Widgets to use instead of the registered ones. */
  widgets?: Partial<WidgetRegistry>;
  services?: RendererServices;
  disabled?: boolean;
  className?: string;
}

/**
 * Draws an engine evaluation: the visible questions in order, each with its
 * error once the field was left or advancing failed, and an error summary
 * after a failed attempt. It decides nothing itself.
 */
export function FormRenderer({ form, answers, context, evaluation, onChange, onBlur, submitCount = 0, idPrefix = '', widgets, services, disabled, className }: FormRendererProps) {
  const result = useMemo(() => {
    if (evaluation) return evaluation;
    if (!form) throw new Error('FormRenderer needs a form or an evaluation');
    return form.evaluate(answers, context);
  }, [evaluation, form, answers, context]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const blur = useCallback(
    (key: string) => {
      setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
      onBlur?.(key);
    },
    [onBlur],
  );

  const attempted = submitCount > 0;
  const blockingMessage = result.blockingMessage ?? TEXTS.blocking;
  const summaryItems: ErrorSummaryItem[] = result.visible.flatMap((item) => {
    const message = result.errors[item.key] ?? (item.blocking ? blockingMessage : undefined);
    if (!message) return [];
    return [{ id: `${idPrefix}${item.key}`, label: item.question.meta.shortLabel ?? item.question.meta.label, message }];
  });
  const showSummary = attempted && (!result.canAdvance || summaryItems.length > 0);

  const content = (
    <div className={['ml-form', className].filter(Boolean).join(' ')}>
      {showSummary && (
        <ErrorSummary
          title={result.globalMessage ?? TEXTS.globalError}
          errors={summaryItems}
          focusKey={submitCount}
        />
      )}
      {result.visible.map((item) => {
        const Widget = widgetFor(item.fieldType ?? item.question.field_type, widgets);
        const error = attempted || touched.has(item.key) ? result.errors[item.key] : undefined;
        const widget = (
          <Widget
            key={item.key}
            id={`${idPrefix}${item.key}`}
            question={item.question}
            value={answers[item.key]}
            error={error}
            required={item.required}
            disabled={disabled}
            onChange={(value: unknown) => onChange(item.key, value)}
            onBlur={() => blur(item.key)}
          />
        );
        if (!item.blocking) return widget;
        return (
          <div key={item.key} className="ml-blocking">
            <p className="ml-error-message" role="alert">
              {blockingMessage}
            </p>
            {widget}
          </div>
        );
      })}
    </div>
  );
  return services ? <RendererServicesProvider value={services}>{content}</RendererServicesProvider> : content;
}
