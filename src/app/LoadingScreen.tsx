// Shown while the first route's data and code arrive.
import "./app.css";
export default function LoadingScreen({ label = "Įkeliama…" }: { label?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="loading-screen__spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
