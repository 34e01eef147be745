import clsx from 'clsx';
import { fillPlaceholders } from '@meldloket/engine';
import { useRendererServices } from '../../context.tsx';
import type { WidgetProps } from '../../types.ts';
import { Markdown } from './Markdown.tsx';

/** The text of a notice: a string or a list of paragraphs. */
export function noticeText(value: unknown): string {
  if (Array.isArray(value)) return value.filter((part) => typeof part === 'string').join('\n\n');
  return typeof value === 'string' ? value : '';
}

/**
 * plain_text: a notice in markdown, with `{incident.x}` placeholders filled from the
 * draft and `{phone}` / `{hours}` from the configuration ('onbekend' when missing),
 * styled by its type: info, alert or caution.
 */
export function PlainText({ id, question }: WidgetProps<unknown>) {
  const { incident, placeholders } = useRendererServices();
  const { meta } = question;
  const type = meta.type === 'info' || meta.type === 'alert' || meta.type === 'caution' ? meta.type : undefined;
  const text = fillPlaceholders(noticeText(meta.value), { ...placeholders, incident: incident ?? {} });
  return (
    <div id={id} className={clsx('ml-notice', type ? `ml-notice--${type}` : 'ml-notice--plain')} role={type === 'alert' ? 'alert' : undefined}>
      {meta.label && <p className="ml-notice__title">{meta.label}</p>}
      <Markdown>{text}</Markdown>
    </div>
  );
}
