import { useId, useLayoutEffect, useRef, type MouseEvent } from 'react';

export interface ErrorSummaryItem {
  /** DOM id of the field the link moves focus to; without one (a message of the whole form) the item is text. */
  id?: string;
  /** The field's short name, shown before the message. */
  label?: string;
  message: string;
}

export interface ErrorSummaryProps {
  title: string;
  errors: ErrorSummaryItem[];
  /** Focus moves to the summary whenever this changes (e.g. the count of submit attempts). */
  focusKey?: unknown;
}

const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Moves focus to a field: the element itself when it takes focus, else the first control inside it. */
export function focusField(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const target = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
  if (target) {
    target.focus();
  } else {
    // A notice: make it focusable for this moment so focus lands on it.
    if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
    element.focus();
  }
  element.scrollIntoView?.({ block: 'center' });
  return true;
}

/** A summary above the form: a heading and one link per error that moves focus to its field (text for an error of no field). */
export function ErrorSummary({ title, errors, focusKey }: ErrorSummaryProps) {
  const ref = useRef<HTMLElement>(null);
  const titleId = `${useId()}-title`;
  useLayoutEffect(() => {
    ref.current?.focus();
  }, [focusKey]);
  const follow = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (focusField(id)) event.preventDefault();
  };
  return (
    <section ref={ref} className="ml-error-summary" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className="utrecht-heading-2 ml-error-summary__title">
        {title}
      </h2>
      {errors.length > 0 && (
        <ul className="ml-error-summary__list">
          {errors.map(({ id, label, message }, index) => (
            <li key={`${id ?? ''}-${index}`}>
              {id === undefined ? (
                message
              ) : (
                <a href={`#${id}`} className="utrecht-link utrecht-link--html-a" onClick={(event) => follow(event, id)}>
                  {label ? `${label}: ${message}` : message}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
