// The default layout: skip link, header with navigation, main, footer with legal details.
import { type ReactNode, Suspense } from "react";
import "../../app/app.css";
import "../site.css";
import { SiteContent } from "../app/SiteContent";
import { useSettings } from "../useSettings";
import Footer from "./Footer";
import Header from "./Header";

export default function SiteLayout({ children }: { children: ReactNode }) {
  const settings = useSettings();
  return (
    <div className="site">
      <a className="skip-link" href="#turinys">
        Pereiti prie turinio
      </a>
      <Suspense>
        <Header company={settings.company} />
      </Suspense>
      {/* Only this part is hydrated on a prerendered page (src/site/app/SiteContent.tsx). */}
      <main id="turinys" className="site-main" tabIndex={-1}>
        <SiteContent>{children}</SiteContent>
      </main>
      <Suspense>
        <Footer settings={settings} />
      </Suspense>
    </div>
  );
}
