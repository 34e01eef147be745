/**
 * The silent sign-in check on a page load, in a hidden frame (docs/staff-auth.md): the tokens live in
 * the tab's memory, so a reload asks the provider whether its session still holds (`prompt=none`).
 * Asked in a frame, the page stays where it is and the app starts once; the provider answers on
 * APP_PATHS.silentSignIn, a page of the app's own origin without script, whose address the app
 * reads here. When the frame gets no answer there (a provider that refuses to be framed, or that
 * does not know that address, or none within `limitMs`), the caller goes round through the page
 * instead, as before.
 */
import { APP_PATHS } from '@meldloket/engine';

/** Long enough for a slow provider; only a provider that never answers waits this long. */
export const SILENT_LIMIT_MS = 10_000;

/**
 * Opens `url` in a hidden frame and gives the address of the silent page the provider sent it to,
 * or null when the frame ended anywhere else (or nowhere within `limitMs`). The frame is removed
 * either way.
 */
export function askInFrame(url: URL, limitMs = SILENT_LIMIT_MS, doc: Document = document): Promise<URL | null> {
  return new Promise((resolve) => {
    const frame = doc.createElement('iframe');
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.title = 'Inlogcontrole';
    const end = (answer: URL | null) => {
      clearTimeout(timer);
      frame.remove();
      resolve(answer);
    };
    const timer = setTimeout(() => end(null), limitMs);
    frame.addEventListener('load', () => {
      let here: URL | null = null;
      try {
        // readable only once the frame is back on the app's own origin
        here = new URL(frame.contentWindow?.location.href ?? '');
      } catch {
        /* the provider's page (another origin): no answer for the app */
      }
      if (here?.href === 'about:blank') return;
      end(here && here.origin === doc.location.origin && here.pathname === APP_PATHS.silentSignIn ? here : null);
    });
    frame.src = url.href;
    doc.body.append(frame);
  });
}
