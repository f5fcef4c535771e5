// Prerendered HTML is made at build time; the browser hydrates it later. Anything that
// depends on "now" or on the browser (dates, timers, storage) must render the same as the
// build did during hydration, then switch to the live value.
//
// The switch happens in a transition: React then hydrates whatever it touches in small,
// interruptible slices instead of one long task (a store snapshot change would force a
// synchronous re-render of every still-dehydrated part below).
import { startTransition, useEffect, useMemo, useState } from "react";

let documentHydration = false;

/** siteRuntime.tsx: true while a prerendered page is hydrated, false once it renders afresh in the browser. */
export function setDocumentHydration(value: boolean): void {
  documentHydration = value;
}

/** Rendering on the server, or for the first time inside a document being hydrated. */
const startsDehydrated = (): boolean => typeof window === "undefined" || documentHydration;

/** false while rendering on the server or hydrating; true once the browser owns the component. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !startsDehydrated());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** The current time once hydrated (null before): defaults computed from it never mismatch. */
export function useNow(): Date | null {
  const hydrated = useHydrated();
  return useMemo(() => (hydrated ? new Date() : null), [hydrated]);
}

/**
 * The visitor's cursor is in this control. A default filled in now would land under their
 * typing, and a full date field (maxlength 10) would then refuse every key they press.
 */
export function isBeingTyped(id: string): boolean {
  return typeof document !== "undefined" && document.activeElement?.id === id;
}
