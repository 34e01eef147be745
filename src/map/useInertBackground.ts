/** While the full-screen selector is open, everything else on the page is inert (not focusable, hidden from screen readers). */
import { useEffect, type RefObject } from 'react';

export function useInertBackground(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const own = root.current;
    if (!own) return;
    const others = [...document.body.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el !== own && !el.contains(own) && !el.hasAttribute('inert'));
    for (const el of others) el.setAttribute('inert', '');
    const previous = document.activeElement as HTMLElement | null;
    return () => {
      for (const el of others) el.removeAttribute('inert');
      previous?.focus?.();
    };
  }, [root]);
}
