// The page's head: title, description, canonical link, Open Graph and JSON-LD. Nothing
// renders in the body. While prerendering, the values go to the head collector (the script
// writes them into the HTML); in the browser an effect keeps the head in step after
// client-side navigation.
import { useContext, useEffect } from "react";
import { HeadContext } from "../lib/head";
import { absoluteUrl, canonicalPath, fullTitle, type PageHead, scriptJson } from "../lib/seo";
import { useLocation } from "../lib/siteRouter";
import { useSettings } from "../useSettings";

function upsertMeta(attribute: "name" | "property", key: string, content: string | null): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement("meta");
    meta.setAttribute(attribute, key);
    document.head.append(meta);
  }
  meta.content = content;
}

function applyHead(head: PageHead, brand: string, pathname: string): void {
  const title = fullTitle(head.title, brand);
  const url = absoluteUrl(canonicalPath(pathname));
  document.title = title;
  upsertMeta("name", "description", head.description);
  upsertMeta("name", "robots", head.noindex ? "noindex, nofollow" : null);
  upsertMeta("property", "og:title", title);
  upsertMeta("property", "og:description", head.description);
  upsertMeta("property", "og:type", head.type ?? "website");
  upsertMeta("property", "og:url", url);
  upsertMeta("property", "og:image", head.image ? absoluteUrl(head.image) : null);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement("link");
    canonical.rel = "canonical";
    document.head.append(canonical);
  }
  canonical.href = url;
  // Page-specific structured data follows the page; the company's (site-wide) stays.
  for (const old of document.head.querySelectorAll('script[type="application/ld+json"][data-page]')) old.remove();
  for (const data of head.jsonLd ?? []) {
    const script = document.createElement("script");
    script.type = "application/ld+json";
    script.dataset.page = "";
    script.textContent = scriptJson(data);
    document.head.append(script);
  }
}

export default function PageMeta(props: PageHead) {
  const { company } = useSettings();
  const collector = useContext(HeadContext);
  const { pathname } = useLocation();
  // Prerendering: no effects run on the server, so report during render.
  collector?.set(props);

  const key = JSON.stringify(props);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for every prop
  useEffect(() => {
    applyHead(props, company.brand, pathname);
  }, [key, company.brand, pathname]);
  return null;
}
