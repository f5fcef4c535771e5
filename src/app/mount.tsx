// The back-office's React tree and router (src/app/spa.tsx).
import { StrictMode } from "react";
import { RouterProvider } from "react-router-dom";
import type { Backend } from "../backend/port";
import AppErrorBoundary from "./AppErrorBoundary";
import { BackendProvider } from "./BackendContext";

export { createAppRouter, pendingNavigationHref } from "./router";

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
