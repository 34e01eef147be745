import { questionLabel } from '../../shell/index.ts';
import type { WidgetProps } from '../../types.ts';

/** header: the heading of a group of questions, with its subtitle. */
export function Header({ id, question }: WidgetProps<unknown>) {
  return (
    <div className="ml-header">
      <h2 id={id} className="utrecht-heading-2 ml-heading">
        {questionLabel(question)}
      </h2>
      {question.meta.subtitle && <p className="utrecht-paragraph ml-hint">{question.meta.subtitle}</p>}
    </div>
  );
}
