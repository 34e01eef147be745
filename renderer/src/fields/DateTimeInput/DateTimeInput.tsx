import {
  DATE_PICKER_DAYS,
  MINUTE_STEP,
  composeEarlier,
  dateIndicationKind,
  dayOptions,
  decomposeEarlier,
  defaultEarlier,
  hourOptions,
  minuteOptions,
  type DateTimeValue,
} from '@meldloket/engine';
import type { InputHTMLAttributes, Ref } from 'react';
import { useRendererServices } from '../../context.tsx';
import { FieldShell, fieldShellProps, groupBlur } from '../../shell/index.ts';
import { TEXTS } from '../../texts.ts';
import type { WidgetProps } from '../../types.ts';

type Part = 'daysAgo' | 'hour' | 'minute';

/** The picker parts of a stored moment, kept inside the picker's range. */
function partsOf(now: Date, value: number | string) {
  const parts = decomposeEarlier(now, value);
  return {
    daysAgo: Math.min(DATE_PICKER_DAYS - 1, Math.max(0, parts.daysAgo)),
    hour: parts.hour,
    minute: parts.minute - (parts.minute % MINUTE_STEP),
  };
}

/**
 * date_time_input: 'Nu' or 'Eerder'. Earlier picks a day among today and the
 * six days before, an hour 0-23 and minutes in steps of 5 (default 9:00 today).
 * Stored as 'now' or epoch milliseconds.
 */
export function DateTimeInput({ id, question, value, error, required, disabled, onChange, onBlur, describedBy, ref, controlProps }: WidgetProps<DateTimeValue>) {
  const services = useRendererServices();
  const now = services.now?.() ?? new Date();
  const kind = dateIndicationKind(value ?? null);
  const earlier = kind === 'earlier' && value !== null && value !== undefined && value !== 'now' ? partsOf(now, value) : undefined;

  const setPart = (part: Part, next: number) => {
    if (!earlier) return;
    const parts = { ...earlier, [part]: next };
    onChange(composeEarlier(now, parts.daysAgo, parts.hour, parts.minute));
  };

  const selects: { part: Part; label: string; options: { value: number; label: string }[] }[] = [
    { part: 'daysAgo', label: TEXTS.day, options: dayOptions(now).map((option, index) => ({ value: index, label: option.label })) },
    { part: 'hour', label: TEXTS.hour, options: hourOptions() },
    { part: 'minute', label: TEXTS.minute, options: minuteOptions() },
  ];

  return (
    <FieldShell {...fieldShellProps({ id, question, error, required, disabled, describedBy })} group>
      {(control) => (
        <div className="ml-options" onBlur={groupBlur(onBlur)}>
          {(
            [
              ['now', TEXTS.now],
              ['earlier', TEXTS.earlier],
            ] as const
          ).map(([choice, label]) => (
            <div key={choice} className="ml-option">
              <input
                {...(choice === 'now' ? (controlProps as InputHTMLAttributes<HTMLInputElement>) : {})}
                ref={choice === 'now' ? (ref as Ref<HTMLInputElement>) : undefined}
                type="radio"
                id={`${id}-${choice}`}
                name={id}
                value={choice}
                checked={kind === choice}
                disabled={disabled}
                {...control}
                className="utrecht-radio-button utrecht-radio-button--html-input"
                onChange={() => onChange(choice === 'now' ? 'now' : defaultEarlier(now))}
              />
              <label htmlFor={`${id}-${choice}`} className="utrecht-form-label utrecht-form-label--radio">
                {label}
              </label>
            </div>
          ))}
          {earlier && (
            <div className="ml-date-parts">
              {selects.map(({ part, label, options }) => (
                <div key={part}>
                  <label htmlFor={`${id}-${part}`} className="utrecht-form-label">
                    {label}
                  </label>
                  <select
                    {...control}
                    id={`${id}-${part}`}
                    className="utrecht-select utrecht-select--html-select ml-select"
                    value={earlier[part]}
                    disabled={disabled}
                    onChange={(event) => setPart(part, Number(event.target.value))}
                  >
                    {options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </FieldShell>
  );
}
