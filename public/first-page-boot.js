// The first page rendered ahead (server/src/plugins/static-app.ts) is painted from its HTML and
// stylesheets alone. This starts the app once that paint is on screen, so the app's scripts do not
// compete with the stylesheets the paint waits for: it asks for the first page's chunks
// (modulepreload) and loads the app's entry (src/main.tsx), which takes the page over.
const boot = document.querySelector('script[data-app-entry]');

// A button pressed before the app has taken the page over does nothing yet: it is noted here and
// pressed again once the app runs (src/first-page.ts, takeEarlyEvents), each once, in order.
// (Typed text and chosen photos are in the fields themselves: the widgets take them over, and do
// what leaving the field does when it was left.)
const early = [];
window.__meldloketEarlyEvents = early;
const note = (type, selector) =>
  document.addEventListener(
    type,
    (event) => {
      if (window.__meldloketEarlyEvents !== early) return;
      const target = event.target instanceof Element ? event.target.closest(selector) : null;
      if (target && !early.some((e) => e.type === type && e.target === target)) early.push({ type, target });
    },
    true,
  );
note('click', '#root button');
// Fields left before the take-over: the widgets do what leaving does once the app has them
// (renderer/src/fields/TextareaInput/TextareaField.tsx), e.g. say a required field is empty.
const left = new WeakSet();
window.__meldloketLeftEarly = left;
document.addEventListener(
  'focusout',
  (event) => {
    if (window.__meldloketEarlyEvents !== early) return;
    const field = event.target instanceof Element ? event.target.closest('#root input, #root textarea') : null;
    if (field) left.add(field);
  },
  true,
);

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
