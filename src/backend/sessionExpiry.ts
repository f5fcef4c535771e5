// The port's session-expired signal: the adapters' auth providers and HTTP clients (which see a 401)
// report it, the back-office's sign-in dialog over the page (src/admin/common/SessionDialog.tsx)
// listens. The providers live outside React, so a tiny module-level channel.
export const SESSION_EXPIRED_MESSAGE = "Sesija baigėsi. Prisijunkite iš naujo – įvesti duomenys neprarasti.";

type Listener = () => void;
const listeners = new Set<Listener>();
let expired = false;

/** An auth provider saw the session end (401, or no Firebase ID token). */
export function reportSessionExpired(): void {
  expired = true;
  for (const listener of listeners) listener();
}

/** Signed in again through the dialog. */
export function clearSessionExpired(): void {
  expired = false;
}

export function isSessionExpired(): boolean {
  return expired;
}

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
