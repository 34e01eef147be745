import type { ReactNode } from 'react';

/**
 * A back-office form: checked by the app (noValidate, the browser's own bubbles never show), never
 * reloading the page; `label` names it for assistive technology where the page holds more than one;
 * `role="search"` makes a search of it (a landmark, e.g. a settings list's filters).
 */
export function Form({ label, role, className, onSubmit, children }: { label?: string; role?: 'search'; className?: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      role={role}
      className={className}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
