// The document title and description of a page. Effects only: nothing renders, so a
// server render (prerendering) can set the same values in the HTML head instead.
import { useEffect } from "react";
import { useSettings } from "../useSettings";

export default function PageMeta({ title, description }: { title: string; description?: string }) {
  const { company } = useSettings();
  useEffect(() => {
    document.title = title ? `${title} | ${company.brand}` : company.brand;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement("meta");
        meta.name = "description";
        document.head.append(meta);
      }
      meta.content = description;
    }
  }, [title, description, company.brand]);
  return null;
}
