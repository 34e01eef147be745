import { useEffect, useRef, type ReactNode } from 'react';

/** The page's one h1; it takes focus when the page opens so screen readers announce it. */
export function PageHeading({ children, focusOnMount = true }: { children: ReactNode; focusOnMount?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus({ preventScroll: true });
  }, [focusOnMount]);
  return (
    <h1 ref={ref} tabIndex={-1} className="utrecht-heading-1 ml-page-heading">
      {children}
    </h1>
  );
}
