/**
 * The first page rendered ahead (src/entry-server.tsx) and taken over by the app (src/main.tsx):
 * what both sides must agree on, so React finds in the HTML exactly what it would draw itself.
 */
import type { DataRouter } from 'react-router';
import { createAppRouter } from './App.tsx';
import type {} from './config/window.ts'; // declares window.__MELDLOKET_CONFIG__
import { loadEngineForm } from './wizard/state/engineForm.ts';
import { DRAFT_STORAGE_KEY } from './wizard/state/draftKey.ts';

declare global {
  interface Window {
    /** What was done on the page rendered ahead before the app took it over (public/first-page-boot.js). */
    __meldloketEarlyEvents?: { type: 'click' | 'focusout'; target: Element }[] | null;
  }
}

/**
 * The buttons pressed on the page rendered ahead before the app ran, taken once:
 * from then on React handles every event itself. Call right before hydrating; the function it
 * returns does them again, in order, once the app has the page.
 */
export function takeEarlyEvents(): () => void {
  const early = window.__meldloketEarlyEvents ?? [];
  window.__meldloketEarlyEvents = null;
  return () => {
    for (const { type, target } of early) {
      if (!target.isConnected || !(target instanceof HTMLElement)) continue;
      if (type === 'click') target.click();
      else if (document.activeElement !== target) target.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }
  };
}

/** The page the server renders ahead: step 1 of the wizard, where residents arrive. */
export const FIRST_PAGE_PATH = '/incident/beschrijf';

/** What step 1 needs before it is drawn (else the wizard shows its loading line): the form compiler. */
export async function prepareFirstPage(): Promise<void> {
  await loadEngineForm();
}

/**
 * The app's router, once it has what the page needs (the lazy screens it matches, the route
 * table's patch check): a router made from these routes draws the page at once instead of its
 * loading fallback, which hydration needs (the first render must be the rendered page).
 */
export async function initialisedRouter(): Promise<DataRouter> {
  const router = createAppRouter();
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  return router;
}

/**
 * The draft kept in this tab (sessionStorage), or null. A resident with a draft sees it, not the
 * empty form rendered ahead: the app then draws the page itself.
 */
function storedDraftText(): string | null {
  try {
    return window.sessionStorage.getItem(DRAFT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Whether the page rendered ahead is what the app would draw here: drawn with the configuration the
 * app runs with (the server notes it on #root: the override /app-config.js sets), for an anonymous
 * visitor without a draft.
 */
export function rendersAsAhead(container: HTMLElement, signedOut: boolean): boolean {
  const sameConfig = container.dataset.renderedFor === JSON.stringify(window.__MELDLOKET_CONFIG__ ?? null);
  return sameConfig && signedOut && storedDraftText() === null;
}

/**
 * The app draws the page itself over the page rendered ahead (a stored draft, another
 * configuration): text typed into the rendered fields before that is handed to the app's fields of
 * the same name when they are drawn (window.__meldloketTypedEarly, read by the renderer's text
 * area), so it is not dropped with the rendered page.
 */
export function keepTypedText(container: HTMLElement): void {
  const typed: Record<string, string> = {};
  for (const field of container.querySelectorAll<HTMLTextAreaElement>('textarea[name]')) {
    if (field.value !== field.defaultValue) typed[field.name] = field.value;
  }
  // a search typed into the subcategory choice (no name: by its id)
  for (const field of container.querySelectorAll<HTMLInputElement>('input[role="combobox"][id]')) {
    if (field.value !== field.defaultValue) typed[`#${field.id}`] = field.value;
  }
  if (Object.keys(typed).length > 0) (window as { __meldloketTypedEarly?: Record<string, string> }).__meldloketTypedEarly = typed;
}
