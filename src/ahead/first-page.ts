/**
 * The first page rendered ahead (entry-server.tsx) and taken over by the app (take-over.tsx):
 * what both sides must agree on, so React finds in the HTML exactly what it would draw itself.
 */
import type { DataRouter } from 'react-router';
import { createAppRouter } from '../App.tsx';
import type {} from '../config/window.ts'; // declares window.__MELDLOKET_CONFIG__
import { loadEngineForm } from '../wizard/state/engineForm.ts';
import { DRAFT_STORAGE_KEY } from '../wizard/state/draftKey.ts';

/** A button pressed or a field left on the page rendered ahead before the app ran (src/ahead/early.js notes them). */
type EarlyEvent = { type: 'click' | 'focusout'; target: Element };

declare global {
  interface Window {
    /** What was done on the page rendered ahead before the app took it over; null once taken. */
    __meldloketEarlyEvents?: EarlyEvent[] | null;
  }
}

/** Takes what was done on the page rendered ahead before the app ran, once: from then on the app handles every event itself. */
function takeEarly(): EarlyEvent[] {
  const early = window.__meldloketEarlyEvents ?? [];
  window.__meldloketEarlyEvents = null;
  return early;
}

/** Does again what was done early, in order, on the element that is there now (none: skipped). */
function replay(early: EarlyEvent[], now: (target: Element) => HTMLElement | null): void {
  for (const { type, target } of early) {
    const element = now(target);
    if (!element) continue;
    if (type === 'click') element.click();
    else if (document.activeElement !== element) element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  }
}

/**
 * The app takes this very page over (hydration): call right before hydrating; the function it
 * returns presses the buttons pressed early again, once the app has the page. (Fields left early:
 * the widgets do what leaving does when they take their element over.)
 */
export function takeEarlyEvents(): () => void {
  const clicks = takeEarly().filter((event) => event.type === 'click');
  return () => replay(clicks, (target) => (target.isConnected && target instanceof HTMLElement ? target : null));
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
 * visitor without a draft. A report begun earlier on this device (IndexedDB, a tab since closed)
 * does not change that: the app takes the page over and then offers it in a dialog over the page
 * ('Verder met uw melding van …?', src/wizard/state/DraftOffer.tsx).
 */
export function rendersAsAhead(container: HTMLElement, signedOut: boolean): boolean {
  const sameConfig = container.dataset.renderedFor === JSON.stringify(window.__MELDLOKET_CONFIG__ ?? null);
  return sameConfig && signedOut && storedDraftText() === null;
}

/** Sets a field's value the way typing does, so the app (React) sees the change. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The app draws the page itself over the page rendered ahead (a stored draft, a staff session,
 * another configuration). Call right before the app's page replaces it, in the same task; the
 * function it returns, right after, hands over what the resident did on the rendered page to the
 * app's page: the text typed and the photos chosen (into the field with the same id, as if typed
 * or chosen now), the focus and caret, and the fields left and buttons pressed, in order.
 */
export function keepWhatWasDone(container: HTMLElement): () => void {
  const fields = [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')];
  const focused = document.activeElement instanceof HTMLElement && container.contains(document.activeElement) ? document.activeElement : null;
  const caret = focused instanceof HTMLTextAreaElement || (focused instanceof HTMLInputElement && focused.type === 'text') ? [focused.selectionStart, focused.selectionEnd] : null;
  const early = takeEarly();
  // the element of the app's page that stands for this one of the rendered page: same id, or (a button) same text
  const now = (old: Element): HTMLElement | null => {
    const found = old.id ? document.getElementById(old.id) : [...container.querySelectorAll(old.tagName)].find((element) => element.textContent === old.textContent);
    return found instanceof HTMLElement && container.contains(found) ? found : null;
  };
  const pending = fields.filter((field) => (field instanceof HTMLInputElement && field.type === 'file' ? (field.files?.length ?? 0) > 0 : field.value !== field.defaultValue));
  let focusPending = focused;
  // hands over what has a counterpart now; true when everything has
  const carry = (): boolean => {
    const focus = focusPending && now(focusPending);
    if (focus) {
      focus.focus();
      focusPending = null;
    }
    for (const field of [...pending]) {
      const field2 = now(field);
      if (!(field2 instanceof HTMLInputElement || field2 instanceof HTMLTextAreaElement)) continue;
      pending.splice(pending.indexOf(field), 1);
      if (field instanceof HTMLInputElement && field.type === 'file') {
        if (!(field2 instanceof HTMLInputElement) || field2.type !== 'file') continue;
        field2.files = field.files;
        field2.dispatchEvent(new Event('change', { bubbles: true }));
      } else {
        typeInto(field2, field.value);
      }
    }
    return pending.length === 0 && focusPending === null;
  };
  const finish = () => {
    const focus = focused && now(focused);
    if (caret && (focus instanceof HTMLTextAreaElement || focus instanceof HTMLInputElement)) focus.setSelectionRange(caret[0], caret[1]);
    replay(early, now);
  };
  return () => {
    if (carry()) return finish();
    // the app's page may come in parts (a stored draft shows a loading line first): hand over as they arrive
    const observer = new MutationObserver(() => {
      if (!carry()) return;
      observer.disconnect();
      finish();
    });
    observer.observe(container, { childList: true, subtree: true });
  };
}
