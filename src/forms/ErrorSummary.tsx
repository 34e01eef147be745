import { ErrorSummary } from '@meldloket/renderer';
import type { FieldErrors } from './errors.ts';
import { FORM_TEXTS } from './texts.ts';

/** Where a field's messages link to: the id of its control and the short name shown before them. */
export type SummaryFields = Record<string, { id: string; label?: string }>;

/**
 * The errors of a form above it: the renderer's error summary, which takes the focus when it
 * appears and whenever `errors` is a new set, with every message of a field in `fields` linked to
 * that field and every other message (`form`, a field the form does not show) as text.
 * Nothing when there are no errors, unless `titleAlone` (a refusal its title says in full).
 */
export function FormErrorSummary({ errors, fields = {}, title = FORM_TEXTS.errorSummaryTitle, titleAlone = false }: { errors: FieldErrors | Record<string, string>; fields?: SummaryFields; title?: string; titleAlone?: boolean }) {
  const items = Object.entries(errors).flatMap(([key, messages]: [string, string | string[]]) =>
    (typeof messages === 'string' ? [messages] : messages).map((message) => ({ id: fields[key]?.id, label: fields[key]?.label, message })),
  );
  if (items.length === 0 && !titleAlone) return null;
  return <ErrorSummary title={title} errors={items} focusKey={errors} />;
}
