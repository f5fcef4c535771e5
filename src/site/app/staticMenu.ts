// The header's menu button on a page that loads no React (siteRuntime.tsx): the same
// behaviour as Header.tsx gives it when hydrated: open and close, Escape closes.
const OPEN_ICON = "M6 6l12 12M18 6L6 18";
const CLOSED_ICON = "M4 7h16M4 12h16M4 17h16";

export function bindStaticMenu(scope: ParentNode): void {
  const button = scope.querySelector<HTMLButtonElement>(".menu-button");
  const nav = scope.querySelector<HTMLElement>("#site-nav");
  if (!button || !nav) return;
  const icon = button.querySelector("path");
  const label = [...button.childNodes].find((node) => node.nodeType === Node.TEXT_NODE);
  const set = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    nav.classList.toggle("site-nav--open", open);
    icon?.setAttribute("d", open ? OPEN_ICON : CLOSED_ICON);
    if (label) label.textContent = open ? "Uždaryti" : "Meniu";
  };
  button.addEventListener("click", () => set(button.getAttribute("aria-expanded") !== "true"));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") set(false);
  });
}
