// The default layout: skip link, header with navigation, main, footer with legal details.
import { type ReactNode, Suspense } from "react";
import "../../app/app.css";
import "../site.css";
import { ToastProvider } from "../components/Toasts";
import { useSettings } from "../useSettings";
import Footer from "./Footer";
import Header from "./Header";

export default function SiteLayout({ children }: { children: ReactNode }) {
  const settings = useSettings();
  return (
    <div className="site">
      <ToastProvider>
        <a className="skip-link" href="#turinys">
          Pereiti prie turinio
        </a>
        {/* Suspense boundaries let React hydrate a prerendered page in small slices
            (each boundary at a lower priority), so the main thread never blocks for long. */}
        <Suspense>
          <Header company={settings.company} />
        </Suspense>
        <main id="turinys" className="site-main" tabIndex={-1}>
          <Suspense>{children}</Suspense>
        </main>
        <Suspense>
          <Footer settings={settings} />
        </Suspense>
      </ToastProvider>
    </div>
  );
}
