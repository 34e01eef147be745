import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { FieldShell, assignRef, fieldShellProps, questionLabel } from '../../shell/index.ts';
import { TEXTS } from '../../texts.ts';
import type { WidgetProps } from '../../types.ts';

export const MULTI_TEXT_ITEM_MAX = 15;

/** Keeps only digits, comma, period and semicolon, at most 15 characters. */
export function cleanNumberItem(text: string): string {
  return text.replace(/[^0-9,.;]/g, '').slice(0, MULTI_TEXT_ITEM_MAX);
}

/** multi_text_input: repeated inputs for numbers, with an add button; stored as a list of strings. */
export function MultiTextInput({ id, question, value, error, required, disabled, onChange, onBlur, describedBy, ref, controlProps }: WidgetProps<string[]>) {
  const items = Array.isArray(value) && value.length > 0 ? value : [''];
  const label = question.meta.shortLabel ?? questionLabel(question);
  const focusIndex = useRef<number | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  useLayoutEffect(() => {
    if (focusIndex.current === null) return;
    inputs.current[Math.min(focusIndex.current, items.length - 1)]?.focus();
    focusIndex.current = null;
  });

  const update = (index: number, text: string) => onChange(items.map((item, position) => (position === index ? cleanNumberItem(text) : item)));
  const add = () => {
    focusIndex.current = items.length;
    onChange([...items, '']);
  };
  const remove = (index: number) => {
    focusIndex.current = Math.max(0, index - 1);
    onChange(items.filter((_, position) => position !== index));
  };

  return (
    <FieldShell {...fieldShellProps({ id, question, error, required, disabled, describedBy })} group>
      {(control) => (
        <>
          {items.map((item, index) => {
            const inputId = `${id}-${index}`;
            return (
              <div key={index} className="ml-row">
                <label htmlFor={inputId} className="ml-visually-hidden">
                  {TEXTS.itemLabel(label, index + 1)}
                </label>
                <input
                  {...(index === 0 ? (controlProps as InputHTMLAttributes<HTMLInputElement>) : {})}
                  ref={(element) => {
                    inputs.current[index] = element;
                    // the caller's ref is the first input's
                    if (index === 0) assignRef(ref, element);
                  }}
                  id={inputId}
                  type="text"
                  inputMode="decimal"
                  maxLength={MULTI_TEXT_ITEM_MAX}
                  className="utrecht-textbox utrecht-textbox--html-input ml-textbox"
                  value={item}
                  placeholder={question.meta.placeholder}
                  disabled={disabled}
                  {...control}
                  onChange={(event) => update(index, event.target.value)}
                  onBlur={() => onBlur?.()}
                />
                {items.length > 1 && (
                  <button type="button" className="utrecht-button utrecht-button--subtle ml-button ml-button--subtle" aria-label={TEXTS.removeInput} disabled={disabled} onClick={() => remove(index)}>
                    <span aria-hidden="true">×</span>
                  </button>
                )}
              </div>
            );
          })}
          <div>
            <button type="button" className="utrecht-button utrecht-button--secondary-action ml-button ml-button--secondary" disabled={disabled} onClick={add}>
              {question.meta.newItemText ?? TEXTS.addItem}
            </button>
          </div>
        </>
      )}
    </FieldShell>
  );
}
