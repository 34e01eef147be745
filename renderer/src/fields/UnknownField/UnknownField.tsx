import { questionLabel } from '../../shell/index.ts';
import { TEXTS } from '../../texts.ts';
import type { WidgetProps } from '../../types.ts';

/** Shown for a field type the renderer does not know (a schema error, never a blank). */
export function UnknownField({ id, question }: WidgetProps<unknown>) {
  return (
    <div id={id} className="ml-fallback" data-field-type={question.field_type}>
      <p className="ml-notice__title">{questionLabel(question)}</p>
      <p className="utrecht-paragraph">{TEXTS.unknownField(String(question.field_type))}</p>
    </div>
  );
}
