import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the top of the page on every route change (docs/reference/screens.md#routes). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
