// The first page rendered ahead (server/src/plugins/static-app.ts), and the map step's frame, are
// painted from their HTML and stylesheets alone. This starts the app once that paint is on screen, so
// the app's scripts do not compete with the stylesheets the paint waits for: it asks for the page's
// chunks (modulepreload) and loads the app's entry (src/main.tsx), which takes the page over (src/ahead/take-over.tsx). On every
// page drawn ahead it says so when the app does not load.
const boot = document.querySelector('script[data-app-entry]');

// What a resident does before the app has the page — pressing a button, leaving a field — does
// nothing yet: it is noted here and done again once the app runs (src/ahead/first-page.ts), each once, in
// order. Typed text and chosen photos are in the fields themselves: the app takes them over.
const early = [];
window.__meldloketEarlyEvents = early;
// the fields left (read by the widgets when the app takes this very page over)
const left = new WeakSet();
window.__meldloketLeftEarly = left;
const note = (type, selector) =>
  document.addEventListener(
    type,
    (event) => {
      if (window.__meldloketEarlyEvents !== early) return;
      const target = event.target instanceof Element ? event.target.closest(selector) : null;
      if (!target) return;
      if (type === 'focusout') left.add(target);
      if (!early.some((e) => e.type === type && e.target === target)) early.push({ type, target });
    },
    true,
  );
note('click', '#root button');
note('focusout', '#root input, #root textarea');

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
// The back office's documents load the app by their own tags at once (data-at-once): there the same
// import only tells whether it loaded.
if (boot.hasAttribute('data-at-once') || document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
