// The first page rendered ahead (server/src/plugins/static-app.ts) is painted from its HTML and
// stylesheets alone. This starts the app once that paint is on screen, so the app's scripts do not
// compete with the stylesheets the paint waits for: it asks for the first page's chunks
// (modulepreload) and loads the app's entry (src/main.tsx), which takes the page over.
const boot = document.querySelector('script[data-app-entry]');

function start() {
  for (const href of (boot.dataset.preload || '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(boot.dataset.appEntry);
}

// A frame is drawn after the stylesheets have arrived; a hidden tab draws none, so it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
