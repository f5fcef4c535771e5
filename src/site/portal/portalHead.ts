// The head of the customer's page: its own title, never indexed, no referrer, and no canonical
// or og:url pointing at the address (it holds the token).
export function applyPortalHead(title: string): () => void {
  const previousTitle = document.title;
  document.title = title;
  const added: HTMLElement[] = [];
  const meta = (name: string, content: string) => {
    let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
    if (!element) {
      element = document.createElement("meta");
      element.name = name;
      document.head.append(element);
      added.push(element);
    }
    element.content = content;
  };
  meta("robots", "noindex, nofollow");
  meta("referrer", "no-referrer");
  for (const stale of document.head.querySelectorAll('link[rel="canonical"], meta[property="og:url"]')) stale.remove();
  return () => {
    document.title = previousTitle;
    for (const element of added) element.remove();
  };
}

/** Saves a downloaded file (the .ics, a PDF) under its name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
