import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldShell, assignRef } from '../../shell/index.ts';
import { TEXTS } from '../../texts.ts';

export const DEFAULT_ROWS = 5;
export const MAX_ROWS = 15;
export const ROW_HEIGHT_PX = 22;
export const DEFAULT_MAX_LENGTH = 1000;

/** The number of rows a text area needs: at least its base rows, at most 15. */
export function rowsFor(text: string, baseRows: number, measuredRows = 0): number {
  const lines = text.split('\n').length;
  return Math.min(MAX_ROWS, Math.max(baseRows, lines, measuredRows));
}

/** How long typing must pause before screen readers hear the count. */
export const COUNTER_ANNOUNCE_DELAY_MS = 750;

/** From this share of the maximum on, screen readers hear the count (before it, it would only interrupt). */
export const COUNTER_ANNOUNCE_FROM = 0.9;

/** Whether the count is near or over the maximum, and so worth announcing. */
export function countIsNearLimit(length: number, max: number): boolean {
  return length >= Math.floor(max * COUNTER_ANNOUNCE_FROM);
}

/** The count for screen readers: the same text, once typing pauses, and only near or over the limit. */
function useAnnouncedCount(text: string, announce: boolean): string {
  const [announced, setAnnounced] = useState('');
  const next = announce ? text : '';
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(next), COUNTER_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next]);
  return announced;
}

export interface TextareaFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  required: boolean;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  value: string | undefined;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur?: (value: string) => void;
  /** Ids of elements elsewhere that also describe the field. */
  describedBy?: string;
  /** A ref to the text area. */
  controlRef?: Ref<HTMLTextAreaElement>;
  /** Native attributes for the text area. */
  controlProps?: TextareaHTMLAttributes<HTMLTextAreaElement>;
}

/** A text area that grows with its text (22 px rows, 5 to 15) and counts characters ('x/n tekens'). */
export function TextareaField({ id, name, label, required, hint, error, disabled, value, rows, maxLength, placeholder, onChange, onBlur, describedBy, controlRef, controlProps }: TextareaFieldProps) {
  const text = value ?? '';
  const baseRows = Math.min(MAX_ROWS, rows ?? DEFAULT_ROWS);
  const max = maxLength ?? DEFAULT_MAX_LENGTH;
  const ref = useRef<HTMLTextAreaElement>(null);
  const [measured, setMeasured] = useState(0);
  const counter = TEXTS.counter(text.length, max);
  const announced = useAnnouncedCount(counter, countIsNearLimit(text.length, max));

  // Taken over from HTML rendered ahead (hydration): text typed before the app ran is in the
  // element (React keeps it) but not yet in the app's state; hand it over as if typed now.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const typed = element.value;
    const changed = typed !== text;
    if (changed) onChange(typed);
    // left already (for the next field; the page's boot script notes it): what leaving does happens
    // now (a classification, the error of a required field left empty)
    const leftEarly = (globalThis as { __meldloketLeftEarly?: WeakSet<Element> }).__meldloketLeftEarly?.has(element) ?? false;
    if ((changed || leftEarly) && document.activeElement !== element) onBlur?.(typed);
    // only the first draw can find text the app did not put there
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const element = ref.current;
    // Empty text needs the base rows: no measuring, so the first paint forces no layout.
    if (!element || text === '') {
      setMeasured(0);
      return;
    }
    if (element.clientHeight === 0) return;
    // Measure the text at the base size, so the area also shrinks again.
    const current = element.rows;
    element.rows = baseRows;
    const style = getComputedStyle(element);
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    const needed = Math.ceil((element.scrollHeight - padding) / ROW_HEIGHT_PX);
    element.rows = current;
    setMeasured(needed);
  }, [text, baseRows]);

  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      disabled={disabled}
      describedBy={describedBy}
      after={
        <>
          <p className="ml-counter" aria-hidden="true">
            {counter}
          </p>
          <p className="ml-visually-hidden" aria-live="polite">
            {announced}
          </p>
        </>
      }
    >
      {(control) => (
        <textarea
          {...controlProps}
          {...control}
          ref={(element) => {
            ref.current = element;
            assignRef(controlRef, element);
          }}
          name={name}
          className="utrecht-textarea utrecht-textarea--html-textarea ml-textarea"
          rows={rowsFor(text, baseRows, measured)}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={(event) => onBlur?.(event.target.value)}
        />
      )}
    </FieldShell>
  );
}
