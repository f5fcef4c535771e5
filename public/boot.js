// See scripts/prerender.ts (prerenderTemplate).
(() => {
  const entry = document.currentScript?.getAttribute("data-entry");
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = Object.assign(document.createElement("script"), { type: "module", crossOrigin: "", src: entry });
    document.head.append(script);
  };
  let loaded = document.readyState === "complete";
  const observable = PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint");
  // The page's main picture (fetchpriority=high), when it has one: the first paint entry is often a
  // heading while the picture still decodes, so the code waits for the picture's own entry. If the
  // picture is not the largest (it then gets no entry), a few frames after its decoding do.
  const hero = document.querySelector('img[fetchpriority="high"]');
  let painted = !observable;
  const maybe = () => loaded && painted && requestAnimationFrame(() => setTimeout(start, 0));
  const paint = () => {
    painted = true;
    maybe();
  };
  if (observable) {
    const observer = new PerformanceObserver((list) => {
      if (!hero || list.getEntries().some((entry) => entry.element === hero)) {
        observer.disconnect();
        paint();
      }
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    if (hero?.decode) {
      const frames = (n) => (n === 0 ? paint() : requestAnimationFrame(() => frames(n - 1)));
      const afterDecode = () => setTimeout(() => frames(3), 100);
      hero.decode().then(afterDecode, afterDecode);
    }
  }
  if (!loaded)
    addEventListener(
      "load",
      () => {
        loaded = true;
        maybe();
      },
      { once: true },
    );
  maybe();
  setTimeout(start, 3000);
})();
