// The first page rendered ahead (server/src/plugins/static-app.ts), and the map step's frame, are
// painted from their HTML and stylesheets alone. This starts the app once that paint is on screen, so
// the app's scripts do not compete with the stylesheets the paint waits for: it asks for the page's
// chunks (modulepreload) and loads the app's entry (src/main.tsx), which takes the page over (src/ahead/take-over.tsx). On every
// page drawn ahead it says so when the app does not load.
const boot = document.querySelector('script[data-app-entry]');

// What is done on the page before the app runs is noted by the inline script before #root
// (src/ahead/early.js).

function start() {
  for (const href of (boot.dataset.preload || '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // the app does not load (offline, a failed deployment): the page says so instead of pretending to work
  import(boot.dataset.appEntry).catch(() => {
    const notice = document.createElement('p');
    notice.className = 'utrecht-paragraph';
    notice.setAttribute('role', 'alert');
    notice.textContent = boot.dataset.notLoaded;
    (document.getElementById('main') ?? document.body).prepend(notice);
  });
}

// A frame is drawn after the stylesheets have arrived; a hidden tab draws none, so it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
