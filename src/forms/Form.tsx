import type { ReactNode } from 'react';

/**
 * A back-office form: checked by the app (noValidate, the browser's own bubbles never show), never
 * reloading the page; `label` names it for assistive technology where the page holds more than one.
 */
export function Form({ label, className, onSubmit, children }: { label?: string; className?: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
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
