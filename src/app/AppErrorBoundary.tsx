// The top-level error boundary: anything that escapes the router shows the 500 page.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { FullPageError } from "./ErrorPage";
import { reportError } from "./errorReporter";
import { INTERNAL_SERVER_ERROR } from "./httpErrors";

interface State {
  error: unknown;
  failed: boolean;
}

export default class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (error instanceof Error && info.componentStack && !error.stack?.includes(info.componentStack)) {
      // Keep the component stack with the record: it says where in the UI it broke.
      error.stack = `${error.stack ?? error.message}\nKomponentai:${info.componentStack}`;
    }
    reportError("render", "Klaida atvaizduojant programą", error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    return (
      <FullPageError
        statusCode={500}
        statusMessage={INTERNAL_SERVER_ERROR}
        // The page shows a fixed Lithuanian explanation; the message went to reportError above.
        description={error instanceof Error ? error.message : String(error)}
      />
    );
  }
}
