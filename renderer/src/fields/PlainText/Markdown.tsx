import { lazy, Suspense } from 'react';

// react-markdown is a third of the form's code and few pages show Markdown: it loads
// with the first text that needs it, not with every form (the first page has none).
const MarkdownRenderer = lazy(() => import('./MarkdownRenderer.tsx'));

/** Markdown without raw HTML: HTML in the text is left out, never rendered or run. Until the renderer has loaded, the text shows as it is. */
export function Markdown({ children }: { children: string }) {
  return (
    <Suspense fallback={<p className="utrecht-paragraph">{children}</p>}>
      <MarkdownRenderer>{children}</MarkdownRenderer>
    </Suspense>
  );
}
