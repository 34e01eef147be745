/**
 * The app's start on a page drawn ahead by the server (entry-server.tsx): the first page, which
 * the app takes over (`hydrateRoot`), or a frame, which the app draws over.
 *
 * What a resident did before the app ran is not lost. React keeps what was typed or chosen in a
 * field when it hydrates; the widgets hand it to the app's state as they take their element over.
 * What is replayed by hand is only what React cannot keep: a button pressed early is pressed again
 * once the app has the page (early.js noted it). When the app must draw a page of its own over the
 * rendered one (a stored draft, a staff session, another configuration), what was done on the
 * rendered page is handed to the app's page (`keepWhatWasDone`).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { startsAnonymous } from '../auth/index.ts';
import { FIRST_PAGE_PATH, initialisedRouter, keepWhatWasDone, prepareFirstPage, rendersAsAhead, takeEarlyEvents } from './first-page.ts';

/** Calls `onTakenOver` once, when the page is the app's (after every effect of the screens inside). */
function TakenOver({ onTakenOver, children }: { onTakenOver: () => void; children: ReactNode }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    onTakenOver();
  }, [onTakenOver]);
  return children;
}

/**
 * Starts the app on a page drawn ahead, with `app` (the app for an initialised router). Returns
 * the React root it made, or null when nothing was drawn ahead here, or only a frame: the caller then draws the app as usual
 * (over the frame, in the same places: LayoutLoading, src/layout/Layout.tsx).
 *
 * The first page is hydrated once the screens it shows and the form compiler are loaded, so the
 * app's first render is exactly the rendered page. A visitor for whom the app would draw something
 * else gets the app's own page, drawn over the rendered one in one task.
 */
export async function startOnAhead(root: HTMLElement, app: (router: DataRouter) => ReactNode): Promise<Root | null> {
  if (root.firstElementChild === null) return null;
  if (window.location.pathname !== FIRST_PAGE_PATH) {
    // a frame has no button to press: the boot script stops noting them
    takeEarlyEvents();
    return null;
  }
  const hydrate = rendersAsAhead(root, startsAnonymous());
  const [router] = await Promise.all([initialisedRouter(), prepareFirstPage()]);
  if (hydrate) {
    // from here the app handles every event itself; a button pressed before is pressed again once it has the page
    const pressEarlyButtons = takeEarlyEvents();
    return hydrateRoot(root, <TakenOver onTakenOver={pressEarlyButtons}>{app(router)}</TakenOver>);
  }
  const carryOver = keepWhatWasDone(root);
  const reactRoot = createRoot(root);
  flushSync(() => reactRoot.render(app(router)));
  carryOver();
  return reactRoot;
}
