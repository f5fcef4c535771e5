// The app's React tree and router, loaded by src/main.tsx with a dynamic import: the browser
// then evaluates React DOM, the router and the pages' shell in separate tasks instead of one
// long one, and the page stays responsive while it starts.
import { StrictMode } from "react";
import { RouterProvider } from "react-router-dom";
import type { Backend } from "../backend/port";
import AppErrorBoundary from "./AppErrorBoundary";
import { BackendProvider } from "./BackendContext";

export { FullPageError } from "./ErrorPage";
export { createAppRouter, createHydratingAppRouter, pendingNavigationHref } from "./router";

export function appElement(backend: Backend, router: Parameters<typeof RouterProvider>[0]["router"]) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <BackendProvider backend={backend}>
          <RouterProvider router={router} />
        </BackendProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
