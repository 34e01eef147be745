import { useRendererServices } from '../../context.tsx';
import { TEXTS } from '../../texts.ts';
import type { WidgetProps } from '../../types.ts';
import { Markdown } from '../PlainText/index.ts';

/** handling_message: what the municipality does with the report; the category's message or the fallback. */
export function HandlingMessage({ id, question }: WidgetProps<unknown>) {
  const { handlingMessage } = useRendererServices();
  const fromQuestion = typeof question.meta.value === 'string' ? question.meta.value : undefined;
  const text = [handlingMessage, fromQuestion].find((candidate) => candidate !== undefined && candidate.trim() !== '') ?? TEXTS.handlingFallback;
  return (
    <section id={id} className="ml-handling-message" aria-labelledby={question.meta.label ? `${id}-title` : undefined}>
      {question.meta.label && (
        <h2 id={`${id}-title`} className="utrecht-heading-2 ml-heading">
          {question.meta.label}
        </h2>
      )}
      <Markdown>{text}</Markdown>
    </section>
  );
}
