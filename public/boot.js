// Starts the app on a prerendered page once its content has been painted: the visitor sees
// the page first, then the code that makes it interactive arrives (scripts/prerender.ts
// puts this file in place of the module script and names the entry in data-entry).
(() => {
  const me = document.currentScript;
  const entry = me?.getAttribute("data-entry");
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.append(script);
  };
  // The frame after the first paint; a hidden tab (no frames) starts after a second anyway.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
