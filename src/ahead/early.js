// Runs inline, before the page rendered ahead is parsed (server/src/plugins/static-app.ts puts it
// right before #root; the Content-Security-Policy allows exactly this text by its hash). What a
// resident does before the app has the page — pressing a button, leaving a field — does nothing
// yet: it is noted here and done again once the app runs (src/ahead/first-page.ts), each once, in
// order. Typed text and chosen photos are in the fields themselves: the app takes them over.
// Noting starts before the page can be touched, so not even a tap before the boot script has
// loaded (a module: it runs only after the document is parsed) is lost.
(function () {
  var early = [];
  window.__meldloketEarlyEvents = early;
  // the fields left (read by the widgets when the app takes this very page over)
  var left = new WeakSet();
  window.__meldloketLeftEarly = left;
  function note(type, selector) {
    document.addEventListener(
      type,
      function (event) {
        if (window.__meldloketEarlyEvents !== early) return;
        var target = event.target instanceof Element ? event.target.closest(selector) : null;
        if (!target) return;
        if (type === 'focusout') left.add(target);
        if (!early.some(function (e) { return e.type === type && e.target === target; })) early.push({ type: type, target: target });
      },
      true,
    );
  }
  note('click', '#root button');
  note('focusout', '#root input, #root textarea');
})();
