import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Whether a page of this visit has been shown yet. The first page leaves focus where the browser
 * puts it on a fresh load (the top of the document, so the skip link comes first); every page
 * reached after that moves focus to its heading, so screen readers announce the new page.
 */
let firstPageShown = false;

/** The page's one h1; it takes focus when the page opens after navigation so screen readers announce it. */
export function PageHeading({ children, focusOnMount = true, whileLoading = false }: { children: ReactNode; focusOnMount?: boolean; whileLoading?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // before the paint: what a person types or clicks next is not taken from them by a late focus
  useLayoutEffect(() => {
    // the heading drawn while the screen's code loads (ScreenLoading) is not the page yet: the
    // screen's own heading, which replaces it, is
    if (whileLoading) return;
    const initialLoad = !firstPageShown;
    firstPageShown = true;
    if (focusOnMount && !initialLoad) ref.current?.focus({ preventScroll: true });
  }, [focusOnMount, whileLoading]);
  return (
    // while loading it is a picture of the heading to come, hidden from assistive technology (which
    // hears the loading line): the screen's own heading is the page's one h1 for them and for tests
    <h1 ref={ref} tabIndex={whileLoading ? undefined : -1} aria-hidden={whileLoading || undefined} className="utrecht-heading-1 ml-page-heading">
      {children}
    </h1>
  );
}
