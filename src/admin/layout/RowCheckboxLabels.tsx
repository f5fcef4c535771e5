// react-admin 5.15's row checkbox (SelectRowCheckbox) gives its aria-label to MUI's wrapping
// span instead of the input, so screen readers meet an unlabelled checkbox and axe reports a
// prohibited attribute. It cannot be configured, so the label is moved onto the input as rows
// appear.
import { useEffect } from "react";

const ROW_CHECKBOX = ".RaDataTable-checkbox[aria-label]";

function relabel(root: ParentNode): void {
  for (const wrapper of root.querySelectorAll<HTMLElement>(ROW_CHECKBOX)) {
    const input = wrapper.querySelector("input");
    const label = wrapper.getAttribute("aria-label");
    if (!input || !label) continue;
    input.setAttribute("aria-label", label);
    wrapper.removeAttribute("aria-label");
  }
}

export function RowCheckboxLabels() {
  useEffect(() => {
    relabel(document);
    const observer = new MutationObserver(() => relabel(document));
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["aria-label"],
    });
    return () => observer.disconnect();
  }, []);
  return null;
}
