// Warns before unsaved changes are lost: in-app navigation is held by react-router's blocker
// (as react-admin's warnWhenUnsavedChanges does) until staff confirm; closing or reloading
// the tab gets the browser's own "leave site?" prompt (beforeunload).
import { useCallback, useEffect } from "react";
import { useBlocker } from "react-router-dom";

export interface UnsavedChangesWarning {
  /** a navigation is waiting for an answer */
  asking: boolean;
  /** leave, dropping the changes */
  leave: () => void;
  /** stay on the page */
  stay: () => void;
}

export function useUnsavedChangesWarning(dirty: boolean): UnsavedChangesWarning {
  // Only a move to another page: react-admin rewrites the query string of the page itself.
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) => dirty && currentLocation.pathname !== nextLocation.pathname,
      [dirty],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // Saved (or reverted) while a navigation waited: let it through.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return {
    asking: blocker.state === "blocked",
    leave: () => {
      if (blocker.state === "blocked") blocker.proceed();
    },
    stay: () => {
      if (blocker.state === "blocked") blocker.reset();
    },
  };
}
