import { ErrorMessage, questionLabel } from '../../shell/index.ts';
import { TEXTS } from '../../texts.ts';
import type { WidgetProps } from '../../types.ts';

/** Shown for a map field type until the map widgets are registered. */
export function MapFallback({ id, question, error }: WidgetProps<unknown>) {
  return (
    <div id={id} className="ml-fallback" data-field-type={question.field_type}>
      <p className="ml-notice__title">{questionLabel(question)}</p>
      <p className="utrecht-paragraph">{TEXTS.mapUnavailable}</p>
      {error && <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>}
    </div>
  );
}

/** Shown for a field type the renderer does not know (a schema error, never a blank). */
export function UnknownField({ id, question }: WidgetProps<unknown>) {
  return (
    <div id={id} className="ml-fallback" data-field-type={question.field_type}>
      <p className="ml-notice__title">{questionLabel(question)}</p>
      <p className="utrecht-paragraph">{TEXTS.unknownField(String(question.field_type))}</p>
    </div>
  );
}
