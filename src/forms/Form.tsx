import type { KeyboardEvent, ReactNode } from 'react';

/**
 * A back-office form: checked by the app (noValidate, the browser's own bubbles never show), never
 * reloading the page; `label` names it for assistive technology where the page holds more than one
 * (or `labelledBy`, the id of a text on the page that names it, e.g. its fieldset's legend);
 * `role="search"` makes a search of it (a landmark, e.g. a settings list's filters); `onKeyDown`
 * for a key the whole form answers (e.g. Escape closes a panel).
 */
export function Form({
  label,
  labelledBy,
  role,
  className,
  onSubmit,
  onKeyDown,
  children,
}: {
  label?: string;
  labelledBy?: string;
  role?: 'search';
  className?: string;
  onSubmit: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form
      role={role}
      className={className}
      noValidate
      aria-label={label}
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
