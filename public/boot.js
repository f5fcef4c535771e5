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
  let painted = !PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint");
  const maybe = () => loaded && painted && requestAnimationFrame(() => setTimeout(start, 0));
  if (!painted)
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      painted = true;
      maybe();
    }).observe({ type: "largest-contentful-paint", buffered: true });
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
