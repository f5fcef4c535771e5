// The error page: 404 "Page Not Found: {fullPath}", anything else "Internal Server Error".
// It shows the status code and the status message; a 404 adds its Lithuanian description, a
// failure a fixed Lithuanian explanation: a raw error text means nothing to a visitor and may
// leak internals (it stays in the log and the client-error record). Plain links
// (no router hooks), so the start-up failure screen can use it outside the router too.
import "./app.css";
import "./errorPage.css";

export interface ErrorPageProps {
  statusCode: number;
  statusMessage: string;
  description: string;
}

/** What a visitor reads on the 500 page instead of the error's own text. */
export const SERVER_ERROR_EXPLANATION = "Puslapio parodyti nepavyko dėl klaidos mūsų sistemoje.";

/** Only a refusal's own Lithuanian words (4xx) are shown; a failure's (5xx) never. */
export function visibleDescription(statusCode: number, description: string): string {
  return statusCode >= 500 ? SERVER_ERROR_EXPLANATION : description;
}

export default function ErrorPage({ statusCode, statusMessage, description: raw }: ErrorPageProps) {
  const notFound = statusCode === 404;
  const description = visibleDescription(statusCode, raw);
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <p className="error-page__code" aria-hidden="true">
        {statusCode}
      </p>
      <h1 id="error-page-title" className="error-page__title">
        {notFound ? "Puslapis nerastas" : "Įvyko klaida"}
      </h1>
      <p className="error-page__status">
        <span className="visually-hidden">Būsenos kodas {statusCode}: </span>
        <code>{statusMessage}</code>
      </p>
      {description ? <p className="error-page__description">{description}</p> : null}
      <p className="error-page__hint">
        {notFound
          ? "Galbūt puslapis perkeltas arba adrese yra klaida."
          : "Atsiprašome už nepatogumus. Bandykite dar kartą po akimirkos."}
      </p>
      <div className="error-page__actions">
        <a className="error-page__button" href="/">
          Į pradžią
        </a>
        {notFound ? (
          <a className="error-page__button error-page__button--secondary" href="/automobiliai">
            Automobilių katalogas
          </a>
        ) : (
          <button
            type="button"
            className="error-page__button error-page__button--secondary"
            onClick={() => window.location.reload()}
          >
            Bandyti dar kartą
          </button>
        )}
      </div>
    </section>
  );
}

/** The error page on its own, when no layout can be shown (start-up, root errors). */
export function FullPageError(props: ErrorPageProps) {
  return (
    <main className="error-screen">
      <ErrorPage {...props} />
    </main>
  );
}
