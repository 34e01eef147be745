import type { FocusEvent } from 'react';

/** A blur handler for a group of controls: fires only when focus leaves the whole group. */
export function groupBlur(onBlur: (() => void) | undefined) {
  return (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && event.currentTarget.contains(next)) return;
    onBlur?.();
  };
}
