// The default layout: skip link, header with navigation, main, footer with legal details.
import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigation } from "react-router-dom";
import "../../app/app.css";
import "../site.css";
import { ToastProvider } from "../components/Toasts";
import { useSettings } from "../useSettings";
import Footer from "./Footer";
import Header from "./Header";

export default function SiteLayout() {
  const settings = useSettings();
  const navigation = useNavigation();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  const busy = navigation.state !== "idle";

  // After a client-side navigation, move focus to the new content (screen readers hear the page change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <div className="site">
      <ToastProvider>
        <a className="skip-link" href="#turinys">
          Pereiti prie turinio
        </a>
        {busy ? <div className="nav-progress" aria-hidden="true" /> : null}
        <span className="visually-hidden" role="status" aria-live="polite">
          {busy ? "Įkeliama…" : ""}
        </span>
        {/* Suspense boundaries let React hydrate a prerendered page in small slices
            (each boundary at a lower priority), so the main thread never blocks for long. */}
        <Suspense>
          <Header company={settings.company} />
        </Suspense>
        <main id="turinys" className="site-main" ref={mainRef} tabIndex={-1} aria-busy={busy || undefined}>
          <Suspense>
            <Outlet />
          </Suspense>
        </main>
        <Suspense>
          <Footer settings={settings} />
        </Suspense>
      </ToastProvider>
    </div>
  );
}
